import { CheckOutlined, CloseOutlined, DiffOutlined, FileTextOutlined } from '@ant-design/icons';
import { ReviewState } from '@ferry/contract/client';
import {
  Flex,
  Tag,
  theme,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { branchName, shortCommit } from '../utils/commitInfo';
import type { ReviewRow } from '../utils/ReviewRow';
import { ReviewStateTag } from './ReviewStateTag';

interface ReviewTableProps {
  rows: readonly ReviewRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onApprove: (row: ReviewRow) => void;
  onReject: (row: ReviewRow) => void;
  onOpenDeploy: (row: ReviewRow) => void;
  /** Opens what approving the review changes (a review that names a commit). */
  onChanges: (row: ReviewRow) => void;
}

/** A project's reviews: who asked for what, and the decision; waiting ones are decided here. */
export function ReviewTable({
  rows,
  loading,
  pagination,
  onApprove,
  onReject,
  onOpenDeploy,
  onChanges,
}: ReviewTableProps) {
  const { t } = useTranslation('review');
  const { token } = theme.useToken();
  const changes = (r: ReviewRow): RowActionItem[] =>
    r.commitId
      ? [
          {
            key: 'changes',
            icon: <DiffOutlined />,
            label: t('action.changes'),
            onClick: () => onChanges(r),
          },
        ]
      : [];
  /** A waiting review: its changes first (what the reviewer reads before deciding), then the decision. */
  const actionsOf = (r: ReviewRow): { links: RowActionItem[]; more: RowActionItem[] } => {
    if (r.state === ReviewState.waiting) {
      const approve: RowActionItem = {
        key: 'approve',
        icon: <CheckOutlined />,
        label: t('action.approve'),
        onClick: () => onApprove(r),
      };
      const reject: RowActionItem = {
        key: 'reject',
        icon: <CloseOutlined />,
        label: t('action.reject'),
        danger: true,
        onClick: () => onReject(r),
      };
      const all = [...changes(r), approve, reject];
      return { links: all.slice(0, 2), more: all.slice(2) };
    }
    const open: RowActionItem[] = r.token
      ? [
          {
            key: 'deploy',
            icon: <FileTextOutlined />,
            label: t('action.openDeploy'),
            onClick: () => onOpenDeploy(r),
          },
        ]
      : [];
    return { links: [...changes(r), ...open], more: [] };
  };
  const actions = useActionsColumn<ReviewRow>((r) => (
    <RowActions {...actionsOf(r)} subject={`${r.creator} ${r.insertTime}`} />
  ));
  const columns: TableColumnsType<ReviewRow> = [
    {
      key: 'asked',
      title: t('column.asked'),
      render: (_, r) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{r.insertTime}</span>
          <Typography.Text type="secondary">{r.creator}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'commit',
      title: t('column.commit'),
      render: (_, r) => (
        <Flex gap={4} wrap align="center">
          {r.branch ? <Tag style={{ marginInlineEnd: 0 }}>{branchName(r.branch)}</Tag> : null}
          {r.commitId ? (
            <Typography.Text code title={r.commitId} style={{ fontFamily: token.fontFamilyCode }}>
              {shortCommit(r.commitId)}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('headCommit')}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('column.state'),
      render: (_, r) => (
        <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 280 }}>
          <ReviewStateTag state={r.state} />
          {r.editor ? (
            <Typography.Text type="secondary">{t('by', { name: r.editor })}</Typography.Text>
          ) : null}
          {r.reason ? (
            <Typography.Text ellipsis={{ tooltip: r.reason }} style={{ maxWidth: 280 }}>
              {r.reason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    actions,
  ];
  return (
    <PagedTable<ReviewRow>
      rows={rows}
      rowKey="id"
      loading={loading}
      columns={columns}
      pagination={pagination}
      emptyText={t('drawer.empty')}
      cardKeys={['commit', 'state', 'asked']}
    />
  );
}
