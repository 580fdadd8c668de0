import { FileTextOutlined, RollbackOutlined, TagOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import {
  Flex,
  Tag,
  theme,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { branchName, shortCommit } from '../utils/commitInfo';
import type { PreviewRow } from '../utils/DeployRow';
import { JobStatusTag } from './JobStatusTag';

interface HistoryTableProps {
  rows: readonly PreviewRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onDetail: (row: PreviewRow) => void;
  onRollback: (row: PreviewRow) => void;
}

/** A project's deploys: when, by whom, which commit, how it ended; detail and rollback. */
export function HistoryTable({
  rows,
  loading,
  pagination,
  onDetail,
  onRollback,
}: HistoryTableProps) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  const mayRollback = usePermission([Perm.DeployRollback]);
  const actions = useActionsColumn<PreviewRow>((r) => (
    <RowActions
      links={[
        {
          key: 'detail',
          icon: <FileTextOutlined />,
          label: t('history.detail'),
          onClick: () => onDetail(r),
        },
        // The release the servers run now has nothing to roll back to.
        ...(mayRollback && !r.current
          ? [
              {
                key: 'rollback',
                icon: <RollbackOutlined />,
                label: t('history.rollbackAction'),
                danger: true,
                onClick: () => onRollback(r),
              },
            ]
          : []),
      ]}
      subject={`${shortCommit(r.ext)} ${r.insertTime}`}
    />
  ));
  const columns: TableColumnsType<PreviewRow> = [
    {
      // When and by whom in one cell: the drawer's width goes to the commit and the actions.
      key: 'time',
      title: t('history.column.when'),
      render: (_, r) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{r.insertTime}</span>
          <Typography.Text type="secondary">{r.publisherName || <Dash />}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'commit',
      title: t('history.column.commit'),
      render: (_, r) => (
        <Flex vertical style={{ maxWidth: 260 }}>
          <Typography.Text
            code
            title={r.ext}
            style={{ fontFamily: token.fontFamilyCode, width: 'fit-content' }}
          >
            {shortCommit(r.ext) || '—'}
          </Typography.Text>
          <Typography.Text ellipsis={{ tooltip: r.message }}>{r.message}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'ref',
      title: t('history.column.ref'),
      render: (_, r) => (
        <Flex gap={4} wrap>
          {r.branch ? <Tag style={{ marginInlineEnd: 0 }}>{branchName(r.branch)}</Tag> : null}
          {r.tag ? (
            <Tag icon={<TagOutlined />} color="purple" style={{ marginInlineEnd: 0 }}>
              {r.tag}
            </Tag>
          ) : null}
          {!r.branch && !r.tag ? <Dash /> : null}
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('history.column.state'),
      render: (_, r) => (
        <Flex gap={4} vertical align="flex-start">
          <JobStatusTag status={r.status} />
          {r.current ? (
            <Tag color="green" variant="solid">
              {t('history.current')}
            </Tag>
          ) : null}
          {r.kind === 'rollback' ? (
            <Tag color="purple" variant="filled">
              {t('history.rollback')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    actions,
  ];
  return (
    <PagedTable<PreviewRow>
      rows={rows}
      rowKey="token"
      loading={loading}
      columns={columns}
      pagination={pagination}
      emptyText={t('history.empty')}
      cardKeys={['commit', 'state', 'ref', 'time']}
    />
  );
}
