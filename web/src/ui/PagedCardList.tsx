import {
  Flex,
  Pagination,
  Spin,
  theme,
  Typography,
  type TableColumnType,
  type TableProps,
} from 'antd';
import type { Key, ReactNode } from 'react';
import { ItemList } from './ItemList';
import { usePagedRows } from './usePagedRows';

interface PagedCardListProps<Row> {
  rows: readonly Row[];
  rowKey: keyof Row & string;
  loading: boolean;
  columns: readonly TableColumnType<Row>[];
  /** The columns each card shows, the first as its title. */
  cardKeys: readonly string[];
  empty: ReactNode;
  pagination: NonNullable<TableProps<Row>['pagination']>;
}

/** A cell as its column draws it. */
function cell<Row>(column: TableColumnType<Row>, row: Row, index: number): ReactNode {
  const key = column.dataIndex as keyof Row | undefined;
  const value = key === undefined ? undefined : row[key];
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/**
 * A table's rows as cards on a phone: the title, a few facts under their column names, and the
 * row's actions (a `⋯` menu) at the top right, so nothing scrolls sideways.
 */
export function PagedCardList<Row extends object>({
  rows,
  rowKey,
  loading,
  columns,
  cardKeys,
  empty,
  pagination,
}: PagedCardListProps<Row>) {
  const { token } = theme.useToken();
  const { page, pager } = usePagedRows(rows, pagination);
  const byKey = new Map(columns.map((c) => [String(c.key), c]));
  const [titleKey, ...factKeys] = cardKeys;
  const title = titleKey === undefined ? undefined : byKey.get(titleKey);
  const facts = factKeys.filter((k) => k !== 'actions').flatMap((k) => byKey.get(k) ?? []);
  const actions = byKey.get('actions');
  return (
    <>
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          <div style={{ padding: token.padding, textAlign: 'center' }}>{empty}</div>
        ) : (
          <ItemList<Row>
            items={page}
            itemKey={(row) => row[rowKey] as Key}
            split={false}
            itemStyle={{
              background: token.colorBgContainer,
              border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              padding: 12,
              marginBottom: 8,
            }}
            renderItem={(row, index) => (
              <>
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    {title ? cell(title, row, index) : null}
                  </div>
                  {actions ? <div style={{ flex: 'none' }}>{cell(actions, row, index)}</div> : null}
                </Flex>
                {facts.map((c) => (
                  <Flex key={String(c.key)} gap={8} style={{ marginTop: 6, minWidth: 0 }}>
                    <Typography.Text type="secondary" style={{ flex: '0 0 96px' }}>
                      {c.title as ReactNode}
                    </Typography.Text>
                    <div style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                      {cell(c, row, index)}
                    </div>
                  </Flex>
                ))}
              </>
            )}
          />
        )}
      </Spin>
      {pager ? (
        <Pagination {...pager} size="small" align="center" style={{ marginTop: token.marginLG }} />
      ) : null}
    </>
  );
}
