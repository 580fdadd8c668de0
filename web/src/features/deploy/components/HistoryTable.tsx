import { FileTextOutlined, RollbackOutlined, TagOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import {
  Flex,
  Table,
  Tag,
  theme,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { Dash } from '../../../ui/Dash';
import { RowAction } from '../../../ui/RowAction';
import { TableEmpty } from '../../../ui/TableEmpty';
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
  const columns: TableColumnsType<PreviewRow> = [
    { key: 'time', title: t('history.column.time'), dataIndex: 'insertTime' },
    {
      key: 'publisher',
      title: t('history.column.publisher'),
      render: (_, r) => r.publisherName || <Dash />,
    },
    {
      key: 'commit',
      title: t('history.column.commit'),
      render: (_, r) => (
        <Flex vertical style={{ maxWidth: 320 }}>
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
        <Flex gap={4} wrap>
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
    {
      key: 'actions',
      title: t('history.column.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4} wrap={false}>
          <RowAction
            icon={<FileTextOutlined />}
            label={t('history.detail')}
            onClick={() => onDetail(r)}
          />
          {/* The release the servers run now has nothing to roll back to. */}
          {mayRollback && !r.current ? (
            <RowAction
              danger
              icon={<RollbackOutlined />}
              label={t('history.rollbackAction')}
              onClick={() => onRollback(r)}
            />
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <Table<PreviewRow>
      rowKey="token"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      locale={{
        emptyText: loading ? (
          <div style={{ height: 80 }} />
        ) : (
          <TableEmpty text={t('history.empty')} />
        ),
      }}
    />
  );
}
