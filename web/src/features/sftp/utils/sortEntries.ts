import type { SftpEntry } from '@ferry/contract/client';

export type SortKey = 'name' | 'size' | 'mtime' | 'mode' | 'owner';
export type SortOrder = 'ascend' | 'descend';

export interface EntrySort {
  key: SortKey;
  order: SortOrder;
}

export const DEFAULT_SORT: EntrySort = { key: 'name', order: 'ascend' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const byName = (a: SftpEntry, b: SftpEntry) =>
  collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const COMPARE: Record<SortKey, (a: SftpEntry, b: SftpEntry) => number> = {
  name: byName,
  size: (a, b) => a.size - b.size,
  mtime: (a, b) => a.mtime - b.mtime,
  mode: (a, b) => (a.mode < b.mode ? -1 : a.mode > b.mode ? 1 : 0),
  owner: (a, b) => collator.compare(a.owner, b.owner) || collator.compare(a.group, b.group),
};

/**
 * The entries in the chosen order, directories (and links to them) always first whichever way
 * the column is sorted, ties by name. A new array; the given one is left as it is.
 */
export function sortEntries(entries: readonly SftpEntry[], sort: EntrySort): SftpEntry[] {
  const compare = COMPARE[sort.key];
  const sign = sort.order === 'ascend' ? 1 : -1;
  return [...entries].sort((a, b) => {
    if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
    return sign * compare(a, b) || byName(a, b);
  });
}

/** The entries whose name holds `filter`, in any case; all of them for a blank filter. */
export function filterEntries(entries: readonly SftpEntry[], filter: string): readonly SftpEntry[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter((e) => e.name.toLowerCase().includes(needle));
}
