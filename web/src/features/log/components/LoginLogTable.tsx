import { Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginLogRow } from '../utils/rows';

interface LoginLogTableProps {
  rows: readonly LoginLogRow[];
  loading: boolean;
  /** Whether a filter is in force, to explain an empty page. */
  filtered: boolean;
  pagination: TablePaginationConfig;
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Long text cut to one line; the whole of it on hover. */
function Clipped({ text, width }: { text: string; width: number }) {
  if (!text) return dash;
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

/** Login attempts: who, from where, and the outcome (an empty reason is a success). */
export function LoginLogTable({ rows, loading, filtered, pagination }: LoginLogTableProps) {
  const { t } = useTranslation('log');
  const columns: TableColumnsType<LoginLogRow> = [
    { key: 'account', title: t('loginLog.column.account'), dataIndex: 'account' },
    {
      key: 'remoteAddr',
      title: t('loginLog.column.remoteAddr'),
      dataIndex: 'remoteAddr',
      render: (addr: string) => addr || dash,
    },
    {
      key: 'userAgent',
      title: t('loginLog.column.userAgent'),
      dataIndex: 'userAgent',
      render: (agent: string) => <Clipped text={agent} width={280} />,
    },
    {
      key: 'referer',
      title: t('loginLog.column.referer'),
      dataIndex: 'referer',
      render: (referer: string) => <Clipped text={referer} width={220} />,
    },
    {
      key: 'reason',
      title: t('loginLog.column.result'),
      dataIndex: 'reason',
      render: (reason: string) =>
        reason ? (
          <Tag color="error">{reason}</Tag>
        ) : (
          <Tag color="success">{t('loginLog.success')}</Tag>
        ),
    },
    { key: 'loginTime', title: t('loginLog.column.loginTime'), dataIndex: 'loginTime' },
  ];

  return (
    <Table<LoginLogRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      locale={{
        emptyText: loading ? (
          <div style={{ height: 120 }} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('loginLog.noMatch') : t('loginLog.empty')}
          />
        ),
      }}
    />
  );
}
