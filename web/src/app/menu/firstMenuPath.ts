import type { MenuEntry } from './MenuSource';

/** The first page of the menu that lives in this app, for the `/` redirect. */
export function firstMenuPath(entries: readonly MenuEntry[]): string | undefined {
  for (const entry of entries) {
    if (entry.children) {
      const inner = firstMenuPath(entry.children);
      if (inner) return inner;
    } else if (!entry.link) {
      return entry.key;
    }
  }
  return undefined;
}
