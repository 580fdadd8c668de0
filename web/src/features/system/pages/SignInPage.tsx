import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../ui/ListPage';
import { queryListProps } from '../../../ui/queryListProps';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { MappingFormModal } from '../components/MappingFormModal';
import { MappingTable } from '../components/MappingTable';
import { TestSignInCard } from '../components/TestSignInCard';
import { useDirectoryMappings } from '../hooks/useDirectoryMappings';
import { useRemoveMapping } from '../hooks/useRemoveMapping';
import type { MappingRow } from '../utils/MappingRow';

type Dialog = { kind: 'add' } | { kind: 'edit'; mapping: MappingRow };

/**
 * /system/sign-in: which directory groups give which namespace and role (or super manager) at a
 * directory sign-in, and a test of a sign-in that changes nothing. For super managers alone.
 */
export function SignInPage(): ReactElement {
  const { t } = useTranslation(['menu', 'system']);
  const confirm = useConfirmAction();
  const mappings = useDirectoryMappings();
  const remove = useRemoveMapping();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const ldapEnabled = mappings.data?.ldapEnabled ?? false;
  const anyEnabled = ldapEnabled || (mappings.data?.oidcEnabled ?? false);

  const confirmDelete = (mapping: MappingRow) =>
    confirm({
      title: t('system:signIn.deleteTitle'),
      content: t('system:signIn.deleteText', { group: mapping.group }),
      okText: t('system:signIn.delete'),
      run: () => remove.mutateAsync(mapping.id),
      done: t('system:signIn.deleted'),
    });

  return (
    <>
      <ListPage
        title={t('menu:signIn')}
        subtitle={t('system:signIn.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            {t('system:signIn.add')}
          </Button>
        }
        banner={
          mappings.data && !anyEnabled ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('system:signIn.off')}
              description={t('system:signIn.offHelp')}
            />
          ) : null
        }
        {...queryListProps(mappings, t('system:signIn.loadFailed'))}
      >
        <MappingTable
          rows={mappings.data?.list ?? []}
          loading={mappings.isPending}
          onEdit={(mapping) => setDialog({ kind: 'edit', mapping })}
          onDelete={confirmDelete}
        />
      </ListPage>
      {mappings.data ? <TestSignInCard ldapEnabled={ldapEnabled} /> : null}
      {dialog?.kind === 'add' ? <MappingFormModal onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <MappingFormModal mapping={dialog.mapping} onClose={close} />
      ) : null}
    </>
  );
}
