import { createContext } from 'react';

/** The row height a list's reader chose. */
export type ListDensity = 'large' | 'medium' | 'small';

/** A column a reader may hide, by its key and its header text. */
export interface ListColumn {
  key: string;
  title: string;
}

export interface ListSettings {
  density: ListDensity;
  /** Keys of the columns the reader hid. */
  hidden: ReadonlySet<string>;
  /** The table tells the page which columns it has, for the column settings. */
  report: (columns: readonly ListColumn[]) => void;
}

/** What a list page's toolbar set for the table below it (density, hidden columns). */
export const ListSettingsContext = createContext<ListSettings | null>(null);
