import { ProfileOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { OperationLogRow } from '../utils/rows';
import { Duration } from './Duration';
import type { TablePageProps } from '../../../ui/TablePageProps';
import { ResponseCodeTag } from './ResponseCodeTag';

interface OperationLogTableProps extends TablePageProps<OperationLogRow> {
  onDetails: (log: OperationLogRow) => void;
}

/** Recorded changes: who, on which page, which API, its answer code and timing. */
export function OperationLogTable({ filtered, onDetails, ...page }: OperationLogTableProps) {
  const { t } = useTranslation('log');
  // On phones the always-visible action column shrinks to its icon.
  const compact = useIsMobile();
  const columns: TableColumnsType<OperationLogRow> = [
    {
      key: 'username',
      title: t('operationLog.column.username'),
      dataIndex: 'username',
      render: (name: string) => name || <Dash />,
    },
    {
      key: 'router',
      title: t('operationLog.column.router'),
      dataIndex: 'router',
      render: (router: string) => router || <Dash />,
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
    <PagedTable<OperationLogRow>
      {...page}
      columns={columns}
      emptyText={filtered ? t('operationLog.noMatch') : t('operationLog.empty')}
    />
  );
}
