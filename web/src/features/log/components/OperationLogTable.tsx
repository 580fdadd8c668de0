import { ProfileOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import type { OperationLogRow } from '../utils/rows';
import { Duration } from './Duration';
import type { TablePageProps } from '../../../ui/TablePageProps';
import { PageCell } from './PageCell';
import { ResponseCodeTag } from './ResponseCodeTag';

interface OperationLogTableProps extends TablePageProps<OperationLogRow> {
  onDetails: (log: OperationLogRow) => void;
}

/** Recorded changes: who, on which page, which API, its answer code and timing. */
export function OperationLogTable({ filtered, onDetails, ...page }: OperationLogTableProps) {
  const { t } = useTranslation('log');
  const actions = useActionsColumn<OperationLogRow>((log) => (
    <RowActions
      links={[
        {
          key: 'details',
          icon: <ProfileOutlined />,
          label: t('operationLog.details'),
          onClick: () => onDetails(log),
        },
      ]}
      subject={`${log.api} ${log.requestTime}`}
    />
  ));
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
      render: (router: string) => <PageCell path={router} />,
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
      responsive: ['xxl'],
    },
    {
      key: 'duration',
      title: t('operationLog.column.duration'),
      render: (_, log) => <Duration from={log.requestTime} to={log.responseTime} />,
    },
    actions,
  ];

  return (
    <PagedTable<OperationLogRow>
      {...page}
      columns={columns}
      emptyText={filtered ? t('operationLog.noMatch') : t('operationLog.empty')}
      cardKeys={['api', 'username', 'code', 'requestTime']}
    />
  );
}
