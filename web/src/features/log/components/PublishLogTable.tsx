import { ProfileOutlined } from '@ant-design/icons';
import { Tag, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions } from '../../../ui/RowActions';
import type { TablePageProps } from '../../../ui/TablePageProps';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { CommitSummary, commitInfoOf } from '../../deploy';
import type { PublishLogRow } from '../utils/publishLogRow';

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

interface PublishLogTableProps extends TablePageProps<PublishLogRow> {
  /** Opens the deploy's detail (stages, servers, log); absent for a role that may read none. */
  onDetails?: (row: PublishLogRow) => void;
}

/** One status badge: how the deploy ended, or that it still waits or runs. */
function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('log');
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} variant="filled">
      {isKnown(status) ? t(`publishLog.status.${status}`) : status || '—'}
    </Tag>
  );
}

/**
 * Deploys as an audit trail: which project, which commit, who, how it ended and when; a row opens
 * the deploy's detail, and a failed one also unfolds what its stages reported.
 */
const hasDetail = (r: PublishLogRow) => r.detail.trim() !== '';

export function PublishLogTable({ filtered, onDetails, ...page }: PublishLogTableProps) {
  const { t } = useTranslation('log');
  const { token } = theme.useToken();
  const actions = useActionsColumn<PublishLogRow>((row) =>
    onDetails ? (
      <RowActions
        links={[
          {
            key: 'details',
            icon: <ProfileOutlined />,
            label: t('publishLog.details'),
            onClick: () => onDetails(row),
          },
        ]}
        subject={`${row.projectName} ${row.insertTime}`}
      />
    ) : (
      <Dash />
    ),
  );
  const columns: TableColumnsType<PublishLogRow> = [
    { key: 'projectName', title: t('publishLog.column.project'), dataIndex: 'projectName' },
    {
      key: 'commit',
      title: t('publishLog.column.commit'),
      dataIndex: 'ext',
      render: (ext: string) => {
        // A deploy that failed before its pull took no commit.
        const commit = commitInfoOf(ext);
        return commit.commit ? (
          <div style={{ maxWidth: 360 }}>
            <CommitSummary commit={commit} />
          </div>
        ) : (
          <Dash />
        );
      },
    },
    {
      key: 'publisherName',
      title: t('publishLog.column.publisher'),
      dataIndex: 'publisherName',
      render: (name: string) => name || <Dash />,
    },
    {
      key: 'status',
      title: t('publishLog.column.status'),
      dataIndex: 'status',
      render: (status: string) => <StatusTag status={status} />,
    },
    { key: 'insertTime', title: t('publishLog.column.time'), dataIndex: 'insertTime' },
    ...(onDetails ? [actions] : []),
  ];

  return (
    <PagedTable<PublishLogRow>
      {...page}
      rowKey="token"
      columns={columns}
      emptyText={filtered ? t('publishLog.noMatch') : t('publishLog.empty')}
      cardKeys={['projectName', 'status', 'commit', 'publisherName', 'insertTime']}
      // A deploy that failed before it ran shows why below its row; with none, no empty column.
      expandable={
        page.rows.some(hasDetail)
          ? {
              rowExpandable: hasDetail,
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
            }
          : undefined
      }
    />
  );
}
