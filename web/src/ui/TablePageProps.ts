import type { TablePaginationConfig } from 'antd';

/** A page of rows the server pages, as its table is given it. */
export interface TablePageProps<Row> {
  rows: readonly Row[];
  loading: boolean;
  /** Whether a filter is in force, to explain an empty page. */
  filtered: boolean;
  pagination: TablePaginationConfig;
}
