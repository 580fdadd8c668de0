import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import { MetricsSummaryCell, type MetricSummary } from '../../metrics';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import type { ServerRow } from '../utils/ServerRow';
import { AddressCell } from './AddressCell';
import { AuthTypeTag } from './AuthTypeTag';
import { HostKeyCell } from './HostKeyCell';
import { OsInfoText } from './OsInfoText';
import { ServerRowActions, type RowHandlers } from './ServerRowActions';
import { ServerNameCell } from './ServerNameCell';
import { StatusCell } from './StatusCell';

interface ServerTableProps extends RowHandlers {
  /** Each server's latest usage, when the user may see metrics (its column is shown then). */
  usage?: ReadonlyMap<number, MetricSummary>;
  servers: readonly ServerRow[];
  loading: boolean;
  /** What the table shows when it has no rows (once loaded). */
  empty: ReactNode;
  page: PageState;
  onPageChange: (page: PageState) => void;
  /** The server whose state is being changed, for its switch's spinner. */
  toggling?: number;
  onToggle: (server: ServerRow) => void;
}

/**
 * The servers, paged in the browser. Login and system show on wide screens only, the host key from
 * 1200px; phones get cards.
 */
export function ServerTable({
  servers,
  loading,
  empty,
  page,
  onPageChange,
  toggling,
  onToggle,
  usage,
  ...handlers
}: ServerTableProps) {
  const { t } = useTranslation('server');
  const pagination = useBrowserPagination(page, onPageChange);
  const actions = useActionsColumn<ServerRow>((s) => <ServerRowActions server={s} {...handlers} />);

  const columns: TableColumnsType<ServerRow> = [
    {
      key: 'name',
      title: t('column.name'),
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, s) => <ServerNameCell server={s} />,
    },
    { key: 'host', title: t('column.host'), render: (_, s) => <AddressCell server={s} /> },
    {
      key: 'auth',
      title: t('column.auth'),
      responsive: ['xxl'],
      render: (_, s) => <AuthTypeTag authType={s.authType} />,
    },
    {
      key: 'os',
      title: t('column.os'),
      responsive: ['xxl'],
      render: (_, s) => <OsInfoText osInfo={s.osInfo} />,
    },
    {
      key: 'hostKey',
      title: t('column.hostKey'),
      // From 1600px: below, the usage column takes its place (a changed key shows in the status).
      responsive: ['xxl'],
      render: (_, s) => <HostKeyCell server={s} />,
    },
    {
      key: 'status',
      title: t('column.status'),
      sorter: (a, b) => a.lastCheckTime.localeCompare(b.lastCheckTime),
      render: (_, s) => <StatusCell server={s} busy={toggling === s.id} onToggle={onToggle} />,
    },
  ];
  if (usage) {
    columns.push({
      key: 'usage',
      title: t('column.metrics'),
      responsive: ['xl'],
      width: 180,
      render: (_, s) => <MetricsSummaryCell summary={usage.get(s.id)} />,
    });
  }
  // Everyone who sees the page may at least see a server's projects.
  columns.push(actions);

  return (
    <PagedTable<ServerRow>
      columns={columns}
      rows={servers}
      loading={loading}
      emptyText={empty}
      pagination={pagination}
      // The usage, when its column is there, on a phone too.
      cardKeys={['name', 'host', 'status', 'usage']}
    />
  );
}
