import { Table, type TableColumnType, type TableProps } from 'antd';
import { useContext, useEffect, type ReactNode } from 'react';
import { ListSettingsContext, type ListColumn } from './ListSettingsContext';
import { PagedCardList } from './PagedCardList';
import { TableEmpty } from './TableEmpty';
import { useIsMobile } from './useIsMobile';

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
  /**
   * On phones, a card per row instead of the table: the keys of the columns it shows, the first
   * as the card's title; the actions column becomes the card's `⋯` menu.
   */
  cardKeys?: readonly string[];
  /** The field that tells rows apart; `id` unless the rows have none. */
  rowKey?: keyof Row & string;
};

/** A column's key and header text, for the column settings; not the first nor the actions. */
function hideable<Row>(columns: readonly TableColumnType<Row>[]): ListColumn[] {
  return columns
    .slice(1)
    .filter((c) => c.key !== 'actions' && typeof c.title === 'string')
    .map((c) => ({ key: String(c.key), title: c.title as string }));
}

/**
 * A table of rows keyed by id (or `rowKey`), with the given paging (sizes from `pageSizes.ts`, through
 * `useBrowserPagination` or `useAddressPagination`). Inside a `ListPage` it takes the reader's
 * density and hidden columns; on phones, given `cardKeys`, it shows cards instead.
 */
export function PagedTable<Row extends object>({
  rows,
  loading,
  emptyText,
  cardKeys,
  rowKey = 'id' as keyof Row & string,
  columns = [],
  ...table
}: PagedTableProps<Row>) {
  const mobile = useIsMobile();
  const settings = useContext(ListSettingsContext);
  const all = columns as readonly TableColumnType<Row>[];
  // By content: the columns are a new array at every render of the page.
  const offered = JSON.stringify(hideable(all));
  const report = settings?.report;
  useEffect(() => {
    report?.(JSON.parse(offered) as ListColumn[]);
    // Gone (the deploy page switched to cards): the bar offers no table settings.
    return () => report?.([]);
  }, [report, offered]);
  const empty = loading ? (
    <div style={{ height: 120 }} />
  ) : typeof emptyText === 'string' ? (
    <TableEmpty text={emptyText} />
  ) : (
    emptyText
  );

  if (mobile && cardKeys) {
    return (
      <PagedCardList<Row>
        rows={rows}
        rowKey={rowKey}
        loading={loading}
        columns={all}
        cardKeys={cardKeys}
        empty={empty}
        pagination={table.pagination}
      />
    );
  }
  const shown = all.filter((c) => !settings?.hidden.has(String(c.key)));
  return (
    <Table<Row>
      rowKey={rowKey}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      size={settings?.density}
      locale={{ emptyText: empty }}
      columns={shown}
      {...table}
    />
  );
}
