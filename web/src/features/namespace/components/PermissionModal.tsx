import { Perm } from '@ferry/contract/client';
import { Alert, Button, Flex, Skeleton, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { usePermission } from '../../../auth/usePermission';
import { ErrorState } from '../../../ui/ErrorState';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useChangePermission } from '../hooks/useChangePermission';
import { usePermissionBindings } from '../hooks/usePermissionBindings';
import { usePermissionCatalogue } from '../hooks/usePermissionCatalogue';
import { usePermissionLabel } from '../hooks/usePermissionLabel';
import type { Role } from '../types';
import { checkedKeysOf, idsToSave, leafIds } from '../utils/permissionTree';

interface PermissionModalProps {
  role: Role;
  onClose: () => void;
}

/** A role's permissions as a checkable tree by group; read-only without EditPermission. */
export function PermissionModal({ role, onClose }: PermissionModalProps) {
  const { t } = useTranslation(['namespace', 'common']);
  const { message } = useFeedback();
  const label = usePermissionLabel();
  const catalogue = usePermissionCatalogue();
  const bindings = usePermissionBindings(role.id);
  const change = useChangePermission();
  const canEdit = usePermission([Perm.EditPermission]);
  // Null until the user checks something: until then the stored permissions are shown.
  const [edited, setEdited] = useState<number[] | null>(null);

  const groups = catalogue.data;
  const checked = useMemo(
    () => edited ?? (groups && bindings.data ? checkedKeysOf(bindings.data, groups) : []),
    [edited, groups, bindings.data],
  );
  const treeData = useMemo<TreeDataNode[]>(
    () =>
      (groups ?? []).map(({ group, children }) => ({
        key: group.id,
        title: label(group.name),
        children: children.map((p) => ({ key: p.id, title: label(p.name) })),
      })),
    [groups, label],
  );
  const leaves = useMemo(() => new Set(leafIds(groups ?? [])), [groups]);

  const save = async () => {
    if (!groups) return;
    try {
      await change.mutateAsync({ roleId: role.id, permissionIds: idsToSave(checked, groups) });
      void message.success(t('namespace:permission.saved', { name: role.name }));
      onClose();
    } catch {
      // `call` reported it; the dialog stays open with the choice.
    }
  };

  let content;
  if (catalogue.isPending || bindings.isPending) content = <Skeleton active />;
  else if (catalogue.isError || bindings.isError)
    content = (
      <ErrorState
        title={t('namespace:permission.loadFailed')}
        detail={errorText(catalogue.error ?? bindings.error)}
        onRetry={() => {
          if (catalogue.isError) void catalogue.refetch();
          if (bindings.isError) void bindings.refetch();
        }}
      />
    );
  else
    content = (
      <Flex vertical gap={12}>
        {canEdit ? (
          <Typography.Text type="secondary">{t('namespace:permission.help')}</Typography.Text>
        ) : (
          <Alert type="info" showIcon title={t('namespace:permission.readOnly')} />
        )}
        <Typography.Text strong>
          {t('namespace:permission.selected', {
            checked: checked.filter((id) => leaves.has(id)).length,
            total: leaves.size,
          })}
        </Typography.Text>
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          disabled={!canEdit}
          treeData={treeData}
          checkedKeys={checked}
          onCheck={(keys) =>
            setEdited((Array.isArray(keys) ? keys : keys.checked).map((k) => Number(k)))
          }
        />
      </Flex>
    );

  const ready = !!groups && !!bindings.data;
  return (
    <ResponsiveModal
      open
      width={640}
      title={t('namespace:permission.title', { name: role.name })}
      onCancel={onClose}
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
      footer={
        canEdit ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('common:action.cancel')}</Button>
            <Button
              type="primary"
              loading={change.isPending}
              disabled={!ready}
              onClick={() => void save()}
            >
              {t('namespace:permission.save')}
            </Button>
          </Flex>
        ) : (
          <Button onClick={onClose}>{t('namespace:common.close')}</Button>
        )
      }
    >
      {content}
    </ResponsiveModal>
  );
}
