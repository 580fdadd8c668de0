import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { fileNameProblem } from '../utils/fileName';

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  /** The name to start from (the current name, a free name for a copy). */
  initial: string;
  /** Names already in the directory: a new name may not be one of them. */
  taken: ReadonlySet<string>;
  /** Does it; the dialog closes once it succeeded and stays (with its text) when it failed. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for one file name (a new folder, a new name, a copy's name), checked as the console would. */
export function NameDialog(props: NameDialogProps) {
  const { t } = useTranslation('sftp');
  const { t: tCommon } = useTranslation('common');
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await props.onSubmit(name);
      props.onClose();
    } catch {
      // Reported by the API layer; the dialog stays so the name can be changed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <ResponsiveModal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={tCommon('action.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      afterOpenChange={(open) => {
        if (open) form.setFieldsValue({ name: props.initial });
      }}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ name: props.initial }}
      >
        <Form.Item
          name="name"
          label={props.label}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const name = value ?? '';
                const problem = fileNameProblem(name);
                if (problem) return Promise.reject(new Error(t(`name.${problem}`)));
                if (props.taken.has(name))
                  return Promise.reject(new Error(t('name.taken', { name })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input autoFocus spellCheck={false} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
