import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useAddRole } from '../hooks/useAddRole';
import { useEditRole } from '../hooks/useEditRole';
import { useSaveErrors } from '../hooks/useSaveErrors';
import type { Role } from '../types';

interface Values {
  name: string;
  description: string;
}

const FIELDS = ['name', 'description'] as const;
const NAME_MAX = 20;
const DESCRIPTION_MAX = 255;

interface RoleFormModalProps {
  /** The role to edit; none to create one. */
  role?: Role;
  onClose: () => void;
}

/** Creates a role or edits its name and description. */
export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation(['namespace', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddRole();
  const edit = useEditRole();
  const showError = useSaveErrors(form, FIELDS, 'role_exists');

  const submit = async (values: Values) => {
    const input = { name: values.name.trim(), description: values.description.trim() };
    try {
      if (role) {
        await edit.mutateAsync({ id: role.id, ...input });
        void message.success(t('namespace:role.saved'));
      } else {
        await add.mutateAsync(input);
        void message.success(t('namespace:role.added', { name: input.name }));
      }
      onClose();
    } catch (e) {
      showError(e);
    }
  };

  return (
    <ResponsiveModal
      open
      title={role ? t('namespace:role.editTitle', { name: role.name }) : t('namespace:role.add')}
      okText={role ? t('namespace:common.save') : t('namespace:common.create')}
      cancelText={t('common:action.cancel')}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: role?.name ?? '', description: role?.description ?? '' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="name"
          label={t('namespace:common.name')}
          rules={[
            { required: true, whitespace: true, message: t('namespace:common.nameRequired') },
          ]}
        >
          <Input
            placeholder={t('namespace:role.namePlaceholder')}
            maxLength={NAME_MAX}
            showCount
            autoFocus
          />
        </Form.Item>
        <Form.Item name="description" label={t('namespace:role.description')}>
          <Input.TextArea
            placeholder={t('namespace:role.descriptionPlaceholder')}
            maxLength={DESCRIPTION_MAX}
            showCount
            rows={4}
          />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
