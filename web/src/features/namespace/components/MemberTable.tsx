import { CrownOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useNamespaceMembers } from '../hooks/useNamespaceMembers';
import { useRemoveNamespaceUser } from '../hooks/useRemoveNamespaceUser';
import { SUPER_MANAGER_ROLE_ID, type Namespace, type NamespaceMember } from '../types';
import { ListState } from './ListState';
import { ListTable } from './ListTable';
import { RowActions, type RowAction } from './RowActions';

/** The members of a namespace with their roles; members can be removed (not super managers). */
export function MemberTable({ namespace }: { namespace: Namespace }) {
  const { t } = useTranslation('namespace');
  const confirm = useConfirmAction();
  const members = useNamespaceMembers(namespace.id);
  const remove = useRemoveNamespaceUser();
  const canRemove = usePermission([Perm.DeleteNamespaceUser]);

  const confirmRemove = (member: NamespaceMember) =>
    confirm({
      title: t('member.removeTitle', {
        user: member.userName,
        namespace: namespace.name,
      }),
      content: t('member.removeText'),
      okText: t('member.remove'),
      run: () => remove.mutateAsync(member.id),
      done: t('member.removed', { user: member.userName }),
    });

  const actionsOf = (m: NamespaceMember): RowAction[] =>
    // A super manager belongs to every namespace; the server refuses to remove one.
    m.roleId === SUPER_MANAGER_ROLE_ID
      ? []
      : [
          {
            key: 'remove',
            label: t('member.remove'),
            icon: <UserDeleteOutlined />,
            danger: true,
            onClick: () => confirmRemove(m),
          },
        ];

  const columns: TableColumnsType<NamespaceMember> = [
    { key: 'user', title: t('member.user'), dataIndex: 'userName' },
    {
      key: 'role',
      title: t('member.role'),
      render: (_, m) =>
        m.roleId === SUPER_MANAGER_ROLE_ID ? (
          <Tag icon={<CrownOutlined />} color="gold" variant="filled">
            {t('member.superManager')}
          </Tag>
        ) : (
          <Tag>{m.roleName}</Tag>
        ),
    },
    {
      key: 'joined',
      title: t('member.joined'),
      dataIndex: 'insertTime',
      responsive: ['sm'],
    },
  ];

  return (
    <ListState query={members} failedTitle={t('member.loadFailed')}>
      <ListTable<NamespaceMember>
        size="small"
        rows={members.data?.list}
        loading={members.isFetching}
        columns={columns}
        rowActions={
          canRemove ? (m) => <RowActions actions={actionsOf(m)} subject={m.userName} /> : undefined
        }
        emptyText={t('member.empty')}
      />
    </ListState>
  );
}
