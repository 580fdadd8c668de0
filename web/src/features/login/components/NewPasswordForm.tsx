import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { PASSWORD_RULE } from '@ferry/contract/client';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasswordRules } from '../../../ui/usePasswordRules';

interface NewPasswordFormProps {
  account?: string;
  /** Why a new password is needed (first login, expired). */
  notice?: string;
  loading: boolean;
  onSubmit: (newPassword: string) => void;
  onBack: () => void;
}

interface Values {
  newPassword: string;
  confirm: string;
}

/** Shown on a 10004 answer: choose a new password, then log in with it. */
export function NewPasswordForm({
  account,
  notice,
  loading,
  onSubmit,
  onBack,
}: NewPasswordFormProps) {
  const { t } = useTranslation(['login', 'common']);
  const rule = t('common:password.rule', { defaultValue: PASSWORD_RULE });
  const rules = usePasswordRules();
  return (
    <Form<Values>
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) => onSubmit(v.newPassword.trim())}
    >
      <Alert
        type="warning"
        showIcon
        title={t('login:newPassword.title')}
        description={notice ?? t('login:newPassword.intro', { account: account ?? '' })}
        style={{ marginBottom: 20 }}
      />
      <Form.Item
        name="newPassword"
        label={t('login:newPassword.new')}
        extra={rule}
        rules={rules.newPassword()}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          autoFocus
          maxLength={16}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('login:newPassword.confirm')}
        dependencies={['newPassword']}
        rules={rules.confirmation('newPassword')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8, marginTop: 8 }}>
        <Button type="primary" htmlType="submit" block loading={loading}>
          {t('login:newPassword.submit')}
        </Button>
      </Form.Item>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={onBack}
        style={{ paddingInline: 0 }}
      >
        {t('login:newPassword.back')}
      </Button>
    </Form>
  );
}
