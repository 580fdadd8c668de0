import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../hooks/useLoginFlow';

interface LoginFormProps {
  loading: boolean;
  initialAccount?: string;
  /** The console checks passwords against the team's directory: say so. */
  ldap?: boolean;
  onSubmit: (values: Credentials) => void;
}

/** Account and password. */
export function LoginForm({ loading, initialAccount, ldap, onSubmit }: LoginFormProps) {
  const { t } = useTranslation('login');
  return (
    <Form<Credentials>
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ account: initialAccount ?? '' }}
      onFinish={(v) => onSubmit({ account: v.account.trim(), password: v.password })}
    >
      <Form.Item
        name="account"
        label={t('account')}
        rules={[{ required: true, whitespace: true, message: t('accountRequired') }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('accountPlaceholder')}
          autoComplete="username"
          autoFocus
          maxLength={25}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password')}
        rules={[{ required: true, message: t('passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
        />
      </Form.Item>
      {ldap ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('ldapHint')}
        </Typography.Paragraph>
      ) : null}
      <Form.Item style={{ marginBottom: 0, marginTop: 8 }}>
        <Button type="primary" htmlType="submit" block loading={loading}>
          {t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
