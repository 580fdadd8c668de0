import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { useAddRole } from '../hooks/useAddRole';
import { useEditRole } from '../hooks/useEditRole';
import type { Role } from '../types';
import { NameField } from './NameField';
import { SaveFormModal } from './SaveFormModal';

interface Values {
  name: string;
  description: string;
}

const FIELDS = ['name', 'description'] as const;
const DESCRIPTION_MAX = 255;

interface RoleFormModalProps {
  /** The role to edit; none to create one. */
  role?: Role;
  onClose: () => void;
}

/** Creates a role or edits its name and description. */
export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation('namespace');
  const { message } = useFeedback();
  const add = useAddRole();
  const edit = useEditRole();

  const save = async (values: Values) => {
    const input = { name: values.name.trim(), description: values.description.trim() };
    if (role) {
      await edit.mutateAsync({ id: role.id, ...input });
      void message.success(t('role.saved'));
    } else {
      await add.mutateAsync(input);
      void message.success(t('role.added', { name: input.name }));
    }
  };

  return (
    <SaveFormModal<Values>
      title={role ? t('role.editTitle', { name: role.name }) : t('role.add')}
      editing={role !== undefined}
      initialValues={{ name: role?.name ?? '', description: role?.description ?? '' }}
      fields={FIELDS}
      nameTaken="role_exists"
      saving={add.isPending || edit.isPending}
      onSave={save}
      onClose={onClose}
    >
      <NameField placeholder={t('role.namePlaceholder')} />
      <Form.Item name="description" label={t('role.description')}>
        <Input.TextArea
          placeholder={t('role.descriptionPlaceholder')}
          maxLength={DESCRIPTION_MAX}
          showCount
          rows={4}
        />
      </Form.Item>
    </SaveFormModal>
  );
}
