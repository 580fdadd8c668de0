import type { MenuEntry } from './MenuSource';

/** The section keys that lead to `path`, to open them in the menu. */
export function openKeysFor(entries: readonly MenuEntry[], path: string): string[] {
  for (const entry of entries) {
    if (!entry.children) continue;
    if (entry.children.some((c) => c.key === path)) return [entry.key];
    const inner = openKeysFor(entry.children, path);
    if (inner.length > 0) return [entry.key, ...inner];
  }
  return [];
}
