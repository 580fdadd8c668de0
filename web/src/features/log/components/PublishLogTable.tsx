import { Table, Tag, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { TableEmpty } from '../../../ui/TableEmpty';
import type { PublishLogRow } from '../utils/publishLogRow';
import type { TablePageProps } from '../../../ui/TablePageProps';

const STATUS_COLORS: Record<string, string> = {
  queued: 'gold',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
};
const KNOWN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];
const isKnown = (s: string): s is KnownStatus => (KNOWN_STATUSES as readonly string[]).includes(s);

/** Deploys: which project, who, how it ended; a failed one opens onto what its stages said. */
export function PublishLogTable({
  filtered,
  rows,
  loading,
  pagination,
}: TablePageProps<PublishLogRow>) {
  const { t } = useTranslation('log');
  const { token } = theme.useToken();
  const columns: TableColumnsType<PublishLogRow> = [
    { key: 'projectName', title: t('publishLog.column.project'), dataIndex: 'projectName' },
    {
      key: 'publisherName',
      title: t('publishLog.column.publisher'),
      dataIndex: 'publisherName',
      render: (name: string) => name || <Dash />,
    },
    {
      key: 'state',
      title: t('publishLog.column.state'),
      dataIndex: 'state',
      render: (state: number) =>
        state === 1 ? (
          <Tag color="success">{t('publishLog.success')}</Tag>
        ) : (
          <Tag color="error">{t('publishLog.fail')}</Tag>
        ),
    },
    {
      key: 'status',
      title: t('publishLog.column.status'),
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={STATUS_COLORS[status]} variant="filled">
          {isKnown(status) ? t(`publishLog.status.${status}`) : status || '—'}
        </Tag>
      ),
    },
    { key: 'insertTime', title: t('publishLog.column.time'), dataIndex: 'insertTime' },
  ];

  return (
    <Table<PublishLogRow>
      rowKey="token"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      locale={{
        emptyText: loading ? (
          <div style={{ height: 120 }} />
        ) : (
          <TableEmpty text={filtered ? t('publishLog.noMatch') : t('publishLog.empty')} />
        ),
      }}
      expandable={{
        rowExpandable: (r) => r.detail.trim() !== '',
        expandedRowRender: (r) => (
          <pre
            aria-label={t('publishLog.detail')}
            style={{
              margin: 0,
              padding: 12,
              maxHeight: 320,
              overflow: 'auto',
              fontFamily: token.fontFamilyCode,
              fontSize: token.fontSizeSM,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              background: token.colorFillQuaternary,
              borderRadius: token.borderRadius,
            }}
          >
            {r.detail}
          </pre>
        ),
      }}
    />
  );
}
