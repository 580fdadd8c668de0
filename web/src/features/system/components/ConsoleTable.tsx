import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import type { ConsoleRow } from '../utils/ConsoleRow';
import { ConsoleStateTag } from './ConsoleStateTag';
import { HostCell } from './HostCell';
import { RunningJobs } from './RunningJobs';
import { TimeCell } from './TimeCell';

interface ConsoleTableProps {
  rows: readonly ConsoleRow[];
  loading: boolean;
}

/**
 * The consoles with their state and what they run. The process id and start time show from
 * 1200px, the version from 992px; phones get a card per console under its host.
 */
export function ConsoleTable({ rows, loading }: ConsoleTableProps) {
  const { t } = useTranslation('system');
  const columns: TableColumnsType<ConsoleRow> = [
    {
      key: 'state',
      title: t('consoles.column.state'),
      render: (_, row) => <ConsoleStateTag row={row} />,
    },
    {
      key: 'host',
      title: t('consoles.column.host'),
      render: (_, row) => <HostCell row={row} />,
    },
    { key: 'pid', title: t('consoles.column.pid'), dataIndex: 'pid', responsive: ['xl'] },
    {
      key: 'version',
      title: t('consoles.column.version'),
      dataIndex: 'version',
      responsive: ['lg'],
    },
    {
      key: 'startTime',
      title: t('consoles.column.startTime'),
      dataIndex: 'startTime',
      responsive: ['xl'],
      render: (time: string) => <TimeCell time={time} />,
    },
    {
      key: 'lastSeenTime',
      title: t('consoles.column.lastSeenTime'),
      dataIndex: 'lastSeenTime',
      render: (time: string) => <TimeCell time={time} />,
    },
    {
      key: 'running',
      title: t('consoles.column.running'),
      render: (_, row) => <RunningJobs jobs={row.running} />,
    },
  ];
  return (
    <PagedTable<ConsoleRow>
      rows={rows}
      loading={loading}
      columns={columns}
      emptyText={t('consoles.empty')}
      pagination={{ hideOnSinglePage: true, showSizeChanger: false }}
      cardKeys={['host', 'state', 'running', 'lastSeenTime', 'version']}
    />
  );
}
