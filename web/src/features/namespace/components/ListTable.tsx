import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableEmpty } from '../../../ui/TableEmpty';

interface ListTableProps<Row extends { id: number }> {
  rows: readonly Row[] | undefined;
  loading: boolean;
  columns: TableColumnsType<Row>;
  /** A row's actions, shown in a last column; none: no such column. */
  rowActions?: (row: Row) => ReactNode;
  /** What an empty table says, with what to do. */
  emptyText: string;
  size?: TableProps<Row>['size'];
}

/** A list of this feature's settings: paged only when long, with its row actions on the right. */
export function ListTable<Row extends { id: number }>({
  rows,
  loading,
  columns,
  rowActions,
  emptyText,
  size,
}: ListTableProps<Row>) {
  const { t } = useTranslation('namespace');
  const withActions: TableColumnsType<Row> = rowActions
    ? [
        ...columns,
        {
          key: 'actions',
          title: t('common.actions'),
          align: 'end',
          render: (_, row) => rowActions(row),
        },
      ]
    : columns;

  return (
    <Table<Row>
      rowKey="id"
      size={size}
      columns={withActions}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <TableEmpty text={emptyText} /> }}
    />
  );
}
