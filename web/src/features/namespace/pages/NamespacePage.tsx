import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { ListPage } from '../../../ui/ListPage';
import { NamespaceTable } from '../components/NamespaceTable';
import { useNamespaceList } from '../hooks/useNamespaceList';
import type { Namespace } from '../types';

// Dialogs load when first opened: their forms stay out of the page's first download.
const NamespaceFormModal = lazy(() =>
  import('../components/NamespaceFormModal').then((m) => ({ default: m.NamespaceFormModal })),
);
const MembersModal = lazy(() =>
  import('../components/MembersModal').then((m) => ({ default: m.MembersModal })),
);

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; namespace: Namespace }
  | { kind: 'members'; namespace: Namespace };

/** /namespace/index: the namespaces, their names and their members. */
export function NamespacePage(): ReactElement {
  const { t } = useTranslation(['menu', 'namespace']);
  const list = useNamespaceList();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <>
      <ListPage
        title={t('menu:namespace')}
        subtitle={t('namespace:namespace.subtitle')}
        extra={
          <Can anyOf={[Perm.AddNamespace]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              {t('namespace:namespace.add')}
            </Button>
          </Can>
        }
        reloading={list.isFetching}
        onReload={() => void list.refetch()}
        error={
          list.isError
            ? {
                title: t('namespace:namespace.loadFailed'),
                error: list.error,
                onRetry: () => void list.refetch(),
              }
            : undefined
        }
      >
        <NamespaceTable
          list={list.data?.list ?? []}
          loading={list.isFetching}
          onMembers={(namespace) => setDialog({ kind: 'members', namespace })}
          onEdit={(namespace) => setDialog({ kind: 'edit', namespace })}
        />
      </ListPage>
      <Suspense fallback={null}>
        {dialog?.kind === 'add' ? <NamespaceFormModal onClose={close} /> : null}
        {dialog?.kind === 'edit' ? (
          <NamespaceFormModal namespace={dialog.namespace} onClose={close} />
        ) : null}
        {dialog?.kind === 'members' ? (
          <MembersModal namespace={dialog.namespace} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
}
