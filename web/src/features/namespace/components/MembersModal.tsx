import { Perm } from '@ferry/contract/client';
import { Button, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { Namespace } from '../types';
import { AddMembersForm } from './AddMembersForm';
import { MemberTable } from './MemberTable';

interface MembersModalProps {
  namespace: Namespace;
  onClose: () => void;
}

/** A namespace's members: who they are, their roles, adding and removing them. */
export function MembersModal({ namespace, onClose }: MembersModalProps) {
  const { t } = useTranslation('namespace');
  return (
    <ResponsiveModal
      open
      width={760}
      title={t('member.title', { name: namespace.name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Can anyOf={[Perm.AddNamespaceUser]}>
        <AddMembersForm namespaceId={namespace.id} />
        <Divider />
      </Can>
      <MemberTable namespace={namespace} />
    </ResponsiveModal>
  );
}
