import { CrownOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { App, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { useNamespaceMembers } from '../hooks/useNamespaceMembers';
import { useRemoveNamespaceUser } from '../hooks/useRemoveNamespaceUser';
import { SUPER_MANAGER_ROLE_ID, type Namespace, type NamespaceMember } from '../types';
import { ListState } from './ListState';
import { RowActions } from './RowActions';
import { TableEmpty } from './TableEmpty';

/** The members of a namespace with their roles; members can be removed (not super managers). */
export function MemberTable({ namespace }: { namespace: Namespace }) {
  const { t } = useTranslation(['namespace', 'common']);
  const { message, modal } = App.useApp();
  const members = useNamespaceMembers(namespace.id);
  const remove = useRemoveNamespaceUser();
  const canRemove = usePermission([Perm.DeleteNamespaceUser]);

  const confirmRemove = (member: NamespaceMember) => {
    modal.confirm({
      title: t('namespace:member.removeTitle', {
        user: member.userName,
        namespace: namespace.name,
      }),
      content: t('namespace:member.removeText'),
      okText: t('namespace:member.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      // A failure was already reported by `call`; the dialog just closes.
      onOk: () =>
        remove
          .mutateAsync(member.id)
          .then(
            () => void message.success(t('namespace:member.removed', { user: member.userName })),
          )
          .catch(() => undefined),
    });
  };

  const columns: TableColumnsType<NamespaceMember> = [
    { key: 'user', title: t('namespace:member.user'), dataIndex: 'userName' },
    {
      key: 'role',
      title: t('namespace:member.role'),
      render: (_, m) =>
        m.roleId === SUPER_MANAGER_ROLE_ID ? (
          <Tag icon={<CrownOutlined />} color="gold" variant="filled">
            {t('namespace:member.superManager')}
          </Tag>
        ) : (
          <Tag>{m.roleName}</Tag>
        ),
    },
    {
      key: 'joined',
      title: t('namespace:member.joined'),
      dataIndex: 'insertTime',
      responsive: ['sm'],
    },
  ];
  if (canRemove) {
    columns.push({
      key: 'actions',
      title: t('namespace:common.actions'),
      align: 'end',
      render: (_, m) =>
        // A super manager belongs to every namespace; the server refuses to remove one.
        m.roleId === SUPER_MANAGER_ROLE_ID ? null : (
          <RowActions
            subject={m.userName}
            actions={[
              {
                key: 'remove',
                label: t('namespace:member.remove'),
                icon: <UserDeleteOutlined />,
                danger: true,
                onClick: () => confirmRemove(m),
              },
            ]}
          />
        ),
    });
  }

  return (
    <ListState query={members} failedTitle={t('namespace:member.loadFailed')}>
      <Table<NamespaceMember>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={members.data?.list}
        loading={members.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <TableEmpty text={t('namespace:member.empty')} /> }}
      />
    </ListState>
  );
}
