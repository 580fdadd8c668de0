import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { useAddNamespace } from '../hooks/useAddNamespace';
import { useEditNamespace } from '../hooks/useEditNamespace';
import type { Namespace } from '../types';
import { NameField } from './NameField';
import { SaveFormModal } from './SaveFormModal';

interface Values {
  name: string;
}

const FIELDS = ['name'] as const;

interface NamespaceFormModalProps {
  /** The namespace to rename; none to create one. */
  namespace?: Namespace;
  onClose: () => void;
}

/** Creates a namespace or renames one. */
export function NamespaceFormModal({ namespace, onClose }: NamespaceFormModalProps) {
  const { t } = useTranslation('namespace');
  const { message } = useFeedback();
  const add = useAddNamespace();
  const edit = useEditNamespace();

  const save = async ({ name }: Values) => {
    const trimmed = name.trim();
    if (namespace) {
      await edit.mutateAsync({ id: namespace.id, name: trimmed });
      void message.success(t('namespace.saved'));
    } else {
      await add.mutateAsync({ name: trimmed });
      void message.success(t('namespace.added', { name: trimmed }));
    }
  };

  return (
    <SaveFormModal<Values>
      title={namespace ? t('namespace.editTitle', { name: namespace.name }) : t('namespace.add')}
      editing={namespace !== undefined}
      initialValues={{ name: namespace?.name ?? '' }}
      fields={FIELDS}
      nameTaken="namespace_exists"
      saving={add.isPending || edit.isPending}
      onSave={save}
      onClose={onClose}
    >
      <NameField placeholder={t('namespace.namePlaceholder')} />
    </SaveFormModal>
  );
}
