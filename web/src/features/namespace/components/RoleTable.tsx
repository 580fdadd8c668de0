import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { Role } from '../types';
import { ListTable } from './ListTable';
import { RowActions, type RowAction } from './RowActions';

interface RoleTableProps {
  list: readonly Role[];
  loading: boolean;
  onPermissions: (role: Role) => void;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
}

/** The roles with their permission, edit and delete actions. */
export function RoleTable({ list, loading, onPermissions, onEdit, onDelete }: RoleTableProps) {
  const { t } = useTranslation('namespace');
  const canEdit = usePermission([Perm.EditRole]);
  const canDelete = usePermission([Perm.DeleteRole]);

  const actionsOf = (role: Role): RowAction[] => {
    const actions: RowAction[] = [
      {
        key: 'permissions',
        label: t('role.permissions'),
        icon: <SafetyOutlined />,
        onClick: () => onPermissions(role),
      },
    ];
    if (canEdit) {
      actions.push({
        key: 'edit',
        label: t('common.edit'),
        icon: <EditOutlined />,
        onClick: () => onEdit(role),
      });
    }
    if (canDelete) {
      actions.push({
        key: 'delete',
        label: t('common.delete'),
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => onDelete(role),
      });
    }
    return actions;
  };

  const columns: TableColumnsType<Role> = [
    { key: 'id', title: t('common.id'), dataIndex: 'id', width: 72 },
    { key: 'name', title: t('common.name'), dataIndex: 'name' },
    {
      key: 'description',
      title: t('role.description'),
      dataIndex: 'description',
      responsive: ['md'],
      render: (text: string) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }}>
          {text || '—'}
        </Typography.Text>
      ),
    },
    {
      key: 'insertTime',
      title: t('common.insertTime'),
      dataIndex: 'insertTime',
      responsive: ['lg'],
    },
    {
      key: 'updateTime',
      title: t('common.updateTime'),
      dataIndex: 'updateTime',
      responsive: ['lg'],
    },
  ];

  return (
    <ListTable<Role>
      rows={list}
      loading={loading}
      columns={columns}
      rowActions={(role) => <RowActions actions={actionsOf(role)} subject={role.name} />}
      emptyText={t('role.empty')}
    />
  );
}
