import type { RouteMeta } from '../../platform';

/**
 * The menu key to highlight: the deepest matched route's `activeMenu`, else the current path
 * without a trailing slash.
 */
export function activeMenuKey(
  pathname: string,
  matches: readonly { staticData?: { meta?: RouteMeta } }[],
): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const active = matches[i]?.staticData?.meta?.activeMenu;
    if (active) return active;
  }
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
