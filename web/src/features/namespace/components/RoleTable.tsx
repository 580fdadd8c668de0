import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import type { Role } from '../types';

interface RoleTableProps {
  list: readonly Role[];
  loading: boolean;
  onPermissions: (role: Role) => void;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
}

/** The roles: permissions and edit as links, delete under More; cards on phones. */
export function RoleTable({ list, loading, onPermissions, onEdit, onDelete }: RoleTableProps) {
  const { t } = useTranslation('namespace');
  const canEdit = usePermission([Perm.EditRole]);
  const canDelete = usePermission([Perm.DeleteRole]);
  const actions = useActionsColumn<Role>((role) => {
    const links: RowActionItem[] = [
      {
        key: 'permissions',
        label: t('role.permissions'),
        icon: <SafetyOutlined />,
        onClick: () => onPermissions(role),
      },
    ];
    const more: RowActionItem[] = [];
    if (canEdit) {
      links.push({
        key: 'edit',
        label: t('common.edit'),
        icon: <EditOutlined />,
        onClick: () => onEdit(role),
      });
    }
    if (canDelete) {
      more.push({
        key: 'delete',
        label: t('common.delete'),
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => onDelete(role),
      });
    }
    return <RowActions links={links} more={more} subject={role.name} />;
  });

  const columns: TableColumnsType<Role> = [
    { key: 'name', title: t('common.name'), dataIndex: 'name' },
    { key: 'id', title: t('common.id'), dataIndex: 'id', width: 72, responsive: ['md'] },
    {
      key: 'description',
      title: t('role.description'),
      dataIndex: 'description',
      render: (text: string) =>
        text ? (
          <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
            {text}
          </Typography.Text>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'insertTime',
      title: t('common.insertTime'),
      dataIndex: 'insertTime',
      responsive: ['xxl'],
    },
    {
      key: 'updateTime',
      title: t('common.updateTime'),
      dataIndex: 'updateTime',
      responsive: ['lg'],
    },
    actions,
  ];

  return (
    <PagedTable<Role>
      rows={list}
      loading={loading}
      columns={columns}
      emptyText={t('role.empty')}
      pagination={{ hideOnSinglePage: true, showSizeChanger: false }}
      cardKeys={['name', 'description']}
    />
  );
}
