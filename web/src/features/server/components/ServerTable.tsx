import { Perm } from '@ferry/contract/client';
import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { ServerRow } from '../utils/ServerRow';
import { AddressCell } from './AddressCell';
import { AuthTypeTag } from './AuthTypeTag';
import { HostKeyCell } from './HostKeyCell';
import { LastCheckCell } from './LastCheckCell';
import { OsInfoText } from './OsInfoText';
import { ServerRowActions, type RowHandlers } from './ServerRowActions';
import { ServerNameCell } from './ServerNameCell';
import { StateCell } from './StateCell';

export interface PageState {
  current: number;
  pageSize: number;
}

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

const PAGE_SIZES = [10, 20, 50, 100];

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
  // Every row action needs one of these (check and install key need either).
  const mayAct = usePermission([Perm.AddServer, Perm.EditServer, Perm.ShowTerminalPage]);

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
  if (mayAct) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, s) => <ServerRowActions server={s} {...handlers} />,
    });
  }

  return (
    <Table<ServerRow>
      rowKey="id"
      columns={columns}
      dataSource={servers}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : empty }}
      pagination={{
        current: page.current,
        pageSize: page.pageSize,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total) => t('total', { total }),
        onChange: (current, pageSize) =>
          onPageChange({ current: pageSize === page.pageSize ? current : 1, pageSize }),
      }}
    />
  );
}
