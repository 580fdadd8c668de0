import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { StoredTag } from '../../../ui/StoredTag';

interface SecretFieldProps {
  name: string;
  label: string;
  /** One is stored already: the field may stay empty to keep it. */
  stored: boolean;
  /** Required when nothing is stored (a passphrase never is). */
  required: boolean;
  requiredMessage?: string;
  /** Why the field must be filled again, shown below it. */
  help?: string;
}

/** A password or passphrase; on edit empty means "keep the stored one". */
export function SecretField({
  name,
  label,
  stored,
  required,
  requiredMessage,
  help,
}: SecretFieldProps) {
  const { t } = useTranslation('server');
  return (
    <Form.Item
      name={name}
      label={label}
      extra={stored ? <StoredTag /> : help}
      rules={[
        { required: required && !stored, whitespace: true, message: requiredMessage },
        { max: 1024, message: t('form.tooLong', { max: 1024 }) },
      ]}
    >
      <Input.Password
        autoComplete="new-password"
        placeholder={stored ? t('form.unchanged') : undefined}
        maxLength={1024}
      />
    </Form.Item>
  );
}
