import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const NAME_MAX = 20;

/** The required `name` field of a namespace or role form. */
export function NameField({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation('namespace');
  return (
    <Form.Item
      name="name"
      label={t('common.name')}
      rules={[{ required: true, whitespace: true, message: t('common.nameRequired') }]}
    >
      <Input placeholder={placeholder} maxLength={NAME_MAX} showCount autoFocus />
    </Form.Item>
  );
}
