import type { ReactNode } from 'react';
import type { SftpEntry } from '@ferry/contract/client';
import type { EntrySort } from '../utils/sortEntries';

/** What the table (desktop) and the list (phones) of a directory are given. */
export interface FileViewProps {
  /** The entries, filtered and sorted. */
  rows: readonly SftpEntry[];
  /** Names of the picked entries. */
  selected: ReadonlySet<string>;
  onSelect: (names: ReadonlySet<string>) => void;
  sort: EntrySort;
  onSort: (sort: EntrySort) => void;
  /** The room the rows have, in pixels. */
  height: number;
  /** What shows when there are no rows. */
  empty: ReactNode;
  /** Double click, Enter or a tap: open a directory, preview a file. */
  onOpen: (entry: SftpEntry) => void;
  /** The Delete key on a row. */
  onDelete: (entry: SftpEntry) => void;
  /** A right click or the row's ⋯ button: the menu of the entry at that point. */
  onMenu: (entry: SftpEntry, at: { x: number; y: number }) => void;
}
