import { EditOutlined, TeamOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import type { Namespace } from '../types';

interface NamespaceTableProps {
  list: readonly Namespace[];
  loading: boolean;
  onMembers: (namespace: Namespace) => void;
  onEdit: (namespace: Namespace) => void;
}

/** The namespaces with their members and rename actions; cards on phones. */
export function NamespaceTable({ list, loading, onMembers, onEdit }: NamespaceTableProps) {
  const { t } = useTranslation('namespace');
  const canEdit = usePermission([Perm.EditNamespace]);
  const actions = useActionsColumn<Namespace>((ns) => {
    const links: RowActionItem[] = [
      {
        key: 'members',
        label: t('namespace.members'),
        icon: <TeamOutlined />,
        onClick: () => onMembers(ns),
      },
    ];
    if (canEdit) {
      links.push({
        key: 'edit',
        label: t('common.edit'),
        icon: <EditOutlined />,
        onClick: () => onEdit(ns),
      });
    }
    return <RowActions links={links} subject={ns.name} />;
  });

  const columns: TableColumnsType<Namespace> = [
    { key: 'name', title: t('common.name'), dataIndex: 'name' },
    { key: 'id', title: t('common.id'), dataIndex: 'id', width: 72, responsive: ['md'] },
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
    actions,
  ];

  return (
    <PagedTable<Namespace>
      rows={list}
      loading={loading}
      columns={columns}
      emptyText={t('namespace.empty')}
      pagination={{ hideOnSinglePage: true, showSizeChanger: false }}
      cardKeys={['name', 'updateTime']}
    />
  );
}
