import type { MenuTitleKey } from '../router/RouteMeta';

/** A visited page in the tabs strip (product.md §3: path, fullPath, name, meta title, affix, query). */
export interface TabView {
  /** The pathname; one tab per pathname. */
  path: string;
  /** Pathname with its search string: what the tab opens. */
  fullPath: string;
  /** The route id. */
  name: string;
  titleKey: MenuTitleKey;
  /** Fixed tabs cannot be closed. */
  affix: boolean;
  /** The search string without `?`. */
  query: string;
}

/**
 * Adds a visit: a new pathname appends a tab; a known one keeps its place and takes the new
 * full path (so a tab reopens the page with the filters it was left with).
 */
export function visit(tabs: readonly TabView[], view: TabView): TabView[] {
  const at = tabs.findIndex((t) => t.path === view.path);
  if (at === -1) return [...tabs, view];
  const old = tabs[at];
  if (old && old.fullPath === view.fullPath && old.titleKey === view.titleKey) return [...tabs];
  const next = [...tabs];
  next[at] = { ...view, affix: view.affix || Boolean(old?.affix) };
  return next;
}

/** The fixed tabs lead the strip, in the order given, followed by the visited ones. */
export function withAffix(tabs: readonly TabView[], affix: readonly TabView[]): TabView[] {
  const fixed = affix.map((a) => tabs.find((t) => t.path === a.path) ?? a);
  // A page that lost its fixed place (another namespace, another role) becomes an ordinary tab.
  const rest = tabs
    .filter((t) => !affix.some((a) => a.path === t.path))
    .map((t) => (t.affix ? { ...t, affix: false } : t));
  return [...fixed.map((t) => ({ ...t, affix: true })), ...rest];
}

export interface Closed {
  tabs: TabView[];
  /** Where to go when the page on screen was closed; undefined to stay. */
  goTo?: string;
}

function after(tabs: TabView[], currentPath: string): Closed {
  if (tabs.some((t) => t.path === currentPath)) return { tabs };
  return { tabs, goTo: tabs.at(-1)?.fullPath ?? '/' };
}

/** Closes one tab (a fixed one stays); closing the current page opens the last tab left. */
export function closeTab(tabs: readonly TabView[], path: string, currentPath: string): Closed {
  return after(
    tabs.filter((t) => t.affix || t.path !== path),
    currentPath,
  );
}

/** Keeps the fixed tabs and `path`; opens `path` if another page was on screen. */
export function closeOthers(tabs: readonly TabView[], path: string, currentPath: string): Closed {
  const kept = tabs.filter((t) => t.affix || t.path === path);
  const target = kept.find((t) => t.path === path);
  if (target && currentPath !== path) return { tabs: kept, goTo: target.fullPath };
  return after(kept, currentPath);
}

/** Keeps only the fixed tabs; opens the last of them, or `/` when there is none. */
export function closeAll(tabs: readonly TabView[], currentPath: string): Closed {
  return after(
    tabs.filter((t) => t.affix),
    currentPath,
  );
}
