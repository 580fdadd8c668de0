import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import type { ServerRow } from '../utils/ServerRow';
import { AddressCell } from './AddressCell';
import { AuthTypeTag } from './AuthTypeTag';
import { HostKeyCell } from './HostKeyCell';
import { LastCheckCell } from './LastCheckCell';
import { OsInfoText } from './OsInfoText';
import { ServerRowActions, type RowHandlers } from './ServerRowActions';
import { ServerNameCell } from './ServerNameCell';
import { StateCell } from './StateCell';

interface ServerTableProps extends RowHandlers {
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

/** The servers, paged in the browser and scrolled sideways on narrow screens. */
export function ServerTable({
  servers,
  loading,
  empty,
  page,
  onPageChange,
  toggling,
  onToggle,
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
      render: (_, s) => <AuthTypeTag authType={s.authType} />,
    },
    { key: 'os', title: t('column.os'), render: (_, s) => <OsInfoText osInfo={s.osInfo} /> },
    { key: 'hostKey', title: t('column.hostKey'), render: (_, s) => <HostKeyCell server={s} /> },
    {
      key: 'lastCheck',
      title: t('column.lastCheck'),
      sorter: (a, b) => a.lastCheckTime.localeCompare(b.lastCheckTime),
      render: (_, s) => <LastCheckCell server={s} />,
    },
    {
      key: 'state',
      title: t('column.state'),
      render: (_, s) => <StateCell server={s} busy={toggling === s.id} onToggle={onToggle} />,
    },
  ];
  // Everyone who sees the page may at least see a server's projects.
  columns.push(actions);

  return (
    <PagedTable<ServerRow>
      columns={columns}
      rows={servers}
      loading={loading}
      emptyText={empty}
      pagination={pagination}
    />
  );
}
