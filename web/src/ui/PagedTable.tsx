import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { TableEmpty } from './TableEmpty';

type PagedTableProps<Row> = Omit<
  TableProps<Row>,
  'rowKey' | 'dataSource' | 'loading' | 'scroll' | 'locale'
> & {
  rows: readonly Row[];
  loading: boolean;
  pagination: NonNullable<TableProps<Row>['pagination']>;
  /**
   * What an empty table says once loaded (a text, or a whole empty state with its own button);
   * while loading, only the spinner shows.
   */
  emptyText: ReactNode;
};

/**
 * A table of rows keyed by id, scrolled sideways when wide, with the given paging (sizes from
 * `pageSizes.ts`, through `useBrowserPagination` or `useAddressPagination`).
 */
export function PagedTable<Row extends { id: number }>({
  rows,
  loading,
  emptyText,
  ...table
}: PagedTableProps<Row>) {
  return (
    <Table<Row>
      rowKey="id"
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: loading ? (
          <div style={{ height: 120 }} />
        ) : typeof emptyText === 'string' ? (
          <TableEmpty text={emptyText} />
        ) : (
          emptyText
        ),
      }}
      {...table}
    />
  );
}
