import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useAddNamespace } from '../hooks/useAddNamespace';
import { useEditNamespace } from '../hooks/useEditNamespace';
import { useSaveErrors } from '../hooks/useSaveErrors';
import type { Namespace } from '../types';

interface Values {
  name: string;
}

const FIELDS = ['name'] as const;
const NAME_MAX = 20;

interface NamespaceFormModalProps {
  /** The namespace to rename; none to create one. */
  namespace?: Namespace;
  onClose: () => void;
}

/** Creates a namespace or renames one. */
export function NamespaceFormModal({ namespace, onClose }: NamespaceFormModalProps) {
  const { t } = useTranslation(['namespace', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddNamespace();
  const edit = useEditNamespace();
  const showError = useSaveErrors(form, FIELDS, 'namespace_exists');

  const submit = async ({ name }: Values) => {
    const trimmed = name.trim();
    try {
      if (namespace) {
        await edit.mutateAsync({ id: namespace.id, name: trimmed });
        void message.success(t('namespace:namespace.saved'));
      } else {
        await add.mutateAsync({ name: trimmed });
        void message.success(t('namespace:namespace.added', { name: trimmed }));
      }
      onClose();
    } catch (e) {
      showError(e);
    }
  };

  return (
    <ResponsiveModal
      open
      title={
        namespace
          ? t('namespace:namespace.editTitle', { name: namespace.name })
          : t('namespace:namespace.add')
      }
      okText={namespace ? t('namespace:common.save') : t('namespace:common.create')}
      cancelText={t('common:action.cancel')}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: namespace?.name ?? '' }}
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
            placeholder={t('namespace:namespace.namePlaceholder')}
            maxLength={NAME_MAX}
            showCount
            autoFocus
          />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
