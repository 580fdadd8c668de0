import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import type { MonitorRow, SparkPoint } from '../utils/MonitorRow';
import { LastCheckCell, LatencyText } from './LastCheckCell';
import { MonitorRowActions, type RowHandlers } from './MonitorRowActions';
import { NameCell } from './NameCell';
import { Sparkline } from './Sparkline';
import { TargetsCell } from './TargetsCell';
import { UptimeCell } from './UptimeCell';

interface MonitorTableProps extends RowHandlers {
  monitors: readonly MonitorRow[];
  loading: boolean;
  empty: ReactNode;
  page: PageState;
  onPageChange: (page: PageState) => void;
  sparklines: ReadonlyMap<number, readonly SparkPoint[]> | undefined;
  serverNames: ReadonlyMap<number, string>;
  /** The time relative times and sparklines are drawn against. */
  now: number;
}

/**
 * The monitors, in the order the toolbar asks, paged in the browser (the type shows under the
 * name). The targets and the sparkline show from 1200px; phones get cards, sparkline included.
 */
export function MonitorTable({
  monitors,
  loading,
  empty,
  page,
  onPageChange,
  sparklines,
  serverNames,
  now,
  ...handlers
}: MonitorTableProps) {
  const { t } = useTranslation('monitor');
  const pagination = useBrowserPagination(page, onPageChange);
  const actions = useActionsColumn<MonitorRow>((row) => (
    <MonitorRowActions row={row} {...handlers} />
  ));
  const columns: TableColumnsType<MonitorRow> = [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, m) => <NameCell row={m} onOpen={handlers.onOpen} />,
    },
    {
      key: 'targets',
      title: t('column.targets'),
      responsive: ['xl'],
      render: (_, m) => <TargetsCell row={m} serverNames={serverNames} />,
    },
    { key: 'uptime', title: t('column.uptime'), render: (_, m) => <UptimeCell row={m} /> },
    { key: 'latency', title: t('column.latency'), render: (_, m) => <LatencyText row={m} /> },
    {
      key: 'lastCheck',
      title: t('column.lastCheck'),
      render: (_, m) => <LastCheckCell row={m} now={now} />,
    },
    {
      key: 'sparkline',
      title: t('column.sparkline'),
      responsive: ['xl'],
      render: (_, m) => <Sparkline points={sparklines?.get(m.id)} now={now} />,
    },
    actions,
  ];
  return (
    <PagedTable<MonitorRow>
      columns={columns}
      rows={monitors}
      loading={loading}
      emptyText={empty}
      pagination={pagination}
      cardKeys={['name', 'uptime', 'latency', 'lastCheck', 'sparkline']}
    />
  );
}
