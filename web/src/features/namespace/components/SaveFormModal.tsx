import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useSaveErrors } from '../hooks/useSaveErrors';

interface SaveFormModalProps<Values> {
  title: string;
  /** Whether an existing item is edited (a Save button) or a new one created (Create). */
  editing: boolean;
  initialValues: Values;
  /** The fields a 10003 answer may name. */
  fields: readonly string[];
  /** The reason of a refusal for a taken name, shown on the name field. */
  nameTaken: string;
  saving: boolean;
  /** Saves the values; the dialog closes once saved and shows a refusal on its form. */
  onSave: (values: Values) => Promise<void>;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog with a form that creates an item or edits one. */
export function SaveFormModal<Values extends object>({
  title,
  editing,
  initialValues,
  fields,
  nameTaken,
  saving,
  onSave,
  onClose,
  children,
}: SaveFormModalProps<Values>) {
  const { t } = useTranslation(['namespace', 'common']);
  const [form] = Form.useForm<Values>();
  const showError = useSaveErrors(form, fields, nameTaken);

  const submit = async (values: Values) => {
    try {
      await onSave(values);
      onClose();
    } catch (e) {
      showError(e);
    }
  };

  return (
    <ResponsiveModal
      open
      title={title}
      okText={editing ? t('namespace:common.save') : t('namespace:common.create')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(v) => void submit(v)}
      >
        {children}
      </Form>
    </ResponsiveModal>
  );
}
