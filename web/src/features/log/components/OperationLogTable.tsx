import { ProfileOutlined } from '@ant-design/icons';
import { Button, Empty, Table, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { OperationLogRow } from '../utils/rows';
import { Duration } from './Duration';
import { ResponseCodeTag } from './ResponseCodeTag';

interface OperationLogTableProps {
  rows: readonly OperationLogRow[];
  loading: boolean;
  /** Whether a filter is in force, to explain an empty page. */
  filtered: boolean;
  pagination: TablePaginationConfig;
  onDetails: (log: OperationLogRow) => void;
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Recorded changes: who, on which page, which API, its answer code and timing. */
export function OperationLogTable({
  rows,
  loading,
  filtered,
  pagination,
  onDetails,
}: OperationLogTableProps) {
  const { t } = useTranslation('log');
  // On phones the always-visible action column shrinks to its icon.
  const compact = useIsMobile();
  const columns: TableColumnsType<OperationLogRow> = [
    {
      key: 'username',
      title: t('operationLog.column.username'),
      dataIndex: 'username',
      render: (name: string) => name || dash,
    },
    {
      key: 'router',
      title: t('operationLog.column.router'),
      dataIndex: 'router',
      render: (router: string) => router || dash,
    },
    { key: 'api', title: t('operationLog.column.api'), dataIndex: 'api' },
    {
      key: 'code',
      title: t('operationLog.column.code'),
      dataIndex: 'responseData',
      render: (data: string) => <ResponseCodeTag responseData={data} />,
    },
    { key: 'requestTime', title: t('operationLog.column.requestTime'), dataIndex: 'requestTime' },
    {
      key: 'responseTime',
      title: t('operationLog.column.responseTime'),
      dataIndex: 'responseTime',
    },
    {
      key: 'duration',
      title: t('operationLog.column.duration'),
      render: (_, log) => <Duration from={log.requestTime} to={log.responseTime} />,
    },
    {
      key: 'actions',
      title: t('operationLog.column.actions'),
      fixed: 'right',
      render: (_, log) => (
        <Button
          type="link"
          size="small"
          icon={<ProfileOutlined />}
          onClick={() => onDetails(log)}
          aria-label={compact ? t('operationLog.details') : undefined}
          title={compact ? t('operationLog.details') : undefined}
        >
          {compact ? null : t('operationLog.details')}
        </Button>
      ),
    },
  ];

  return (
    <Table<OperationLogRow>
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
            description={filtered ? t('operationLog.noMatch') : t('operationLog.empty')}
          />
        ),
      }}
    />
  );
}
