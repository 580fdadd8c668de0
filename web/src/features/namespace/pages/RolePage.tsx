import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { ListPage } from '../../../ui/ListPage';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { PermissionModal } from '../components/PermissionModal';
import { RoleFormModal } from '../components/RoleFormModal';
import { RoleTable } from '../components/RoleTable';
import { useRemoveRole } from '../hooks/useRemoveRole';
import { useRoleList } from '../hooks/useRoleList';
import type { Role } from '../types';

type Dialog = { kind: 'add' } | { kind: 'edit'; role: Role } | { kind: 'permissions'; role: Role };

/** /namespace/role: the roles and the permissions each grants. */
export function RolePage(): ReactElement {
  const { t } = useTranslation(['menu', 'namespace']);
  const confirm = useConfirmAction();
  const list = useRoleList();
  const remove = useRemoveRole();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const confirmDelete = (role: Role) =>
    confirm({
      title: t('namespace:role.deleteTitle', { name: role.name }),
      content: t('namespace:role.deleteText', { name: role.name }),
      okText: t('namespace:common.delete'),
      // A refusal (a role still in use) is toasted by `call` with its reason.
      run: () => remove.mutateAsync(role.id),
      done: t('namespace:role.deleted', { name: role.name }),
    });

  return (
    <>
      <ListPage
        title={t('menu:role')}
        subtitle={t('namespace:role.subtitle')}
        extra={
          <Can anyOf={[Perm.AddRole]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              {t('namespace:role.add')}
            </Button>
          </Can>
        }
        reloading={list.isFetching}
        onReload={() => void list.refetch()}
        error={
          list.isError
            ? {
                title: t('namespace:role.loadFailed'),
                error: list.error,
                onRetry: () => void list.refetch(),
              }
            : undefined
        }
      >
        <RoleTable
          list={list.data?.list ?? []}
          loading={list.isFetching}
          onPermissions={(role) => setDialog({ kind: 'permissions', role })}
          onEdit={(role) => setDialog({ kind: 'edit', role })}
          onDelete={confirmDelete}
        />
      </ListPage>
      {dialog?.kind === 'add' ? <RoleFormModal onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <RoleFormModal role={dialog.role} onClose={close} /> : null}
      {dialog?.kind === 'permissions' ? (
        <PermissionModal role={dialog.role} onClose={close} />
      ) : null}
    </>
  );
}
