import { EditOutlined, TeamOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { Namespace } from '../types';
import { ListTable } from './ListTable';
import { RowActions, type RowAction } from './RowActions';

interface NamespaceTableProps {
  list: readonly Namespace[];
  loading: boolean;
  onMembers: (namespace: Namespace) => void;
  onEdit: (namespace: Namespace) => void;
}

/** The namespaces with their members and rename actions. */
export function NamespaceTable({ list, loading, onMembers, onEdit }: NamespaceTableProps) {
  const { t } = useTranslation('namespace');
  const canEdit = usePermission([Perm.EditNamespace]);

  const actionsOf = (ns: Namespace): RowAction[] => [
    {
      key: 'members',
      label: t('namespace.members'),
      icon: <TeamOutlined />,
      onClick: () => onMembers(ns),
    },
    ...(canEdit
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            onClick: () => onEdit(ns),
          },
        ]
      : []),
  ];

  const columns: TableColumnsType<Namespace> = [
    { key: 'id', title: t('common.id'), dataIndex: 'id', width: 72 },
    { key: 'name', title: t('common.name'), dataIndex: 'name' },
    {
      key: 'insertTime',
      title: t('common.insertTime'),
      dataIndex: 'insertTime',
      responsive: ['md'],
    },
    {
      key: 'updateTime',
      title: t('common.updateTime'),
      dataIndex: 'updateTime',
      responsive: ['lg'],
    },
  ];

  return (
    <ListTable<Namespace>
      rows={list}
      loading={loading}
      columns={columns}
      rowActions={(ns) => <RowActions actions={actionsOf(ns)} subject={ns.name} />}
      emptyText={t('namespace.empty')}
    />
  );
}
