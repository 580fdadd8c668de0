import type { TablePaginationConfig } from 'antd';

/** A page of a log, as its table is given it. */
export interface LogTableProps<Row> {
  rows: readonly Row[];
  loading: boolean;
  /** Whether a filter is in force, to explain an empty page. */
  filtered: boolean;
  pagination: TablePaginationConfig;
}
