import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** A template's name and description, as saving and editing ask for them. */
export function TemplateFormFields() {
  const { t } = useTranslation('script');
  return (
    <>
      <Form.Item
        name="name"
        label={t('templates.name')}
        rules={[{ required: true, whitespace: true, message: t('templates.nameRequired') }]}
      >
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('templates.description')}>
        <Input.TextArea maxLength={2047} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </>
  );
}
