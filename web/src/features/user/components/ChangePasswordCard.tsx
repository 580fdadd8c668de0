import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_RULE } from '@ferry/contract/client';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import { usePasswordRules } from '../../../ui/usePasswordRules';
import { useChangePassword } from '../hooks/useChangePassword';

interface Values {
  oldPwd: string;
  newPwd: string;
  confirm: string;
}

/** Change the password: old one, new one (the password rule) and a confirmation. */
export function ChangePasswordCard() {
  const { t } = useTranslation(['user', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const rule = t('common:password.rule', { defaultValue: PASSWORD_RULE });
  const rules = usePasswordRules();

  const submit = async ({ oldPwd, newPwd }: Values) => {
    try {
      await change.mutateAsync({ oldPwd, newPwd: newPwd.trim() });
      form.resetFields();
      void message.success(t('user:password.changed'));
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'wrong_password') {
        form.setFields([{ name: 'oldPwd', errors: [errorText(e)] }]);
      }
    }
  };

  return (
    <Card title={t('user:password.title')}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="oldPwd"
          label={t('user:password.old')}
          rules={[{ required: true, message: t('common:password.required') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            maxLength={128}
          />
        </Form.Item>
        <Form.Item
          name="newPwd"
          label={t('user:password.new')}
          extra={rule}
          dependencies={['oldPwd']}
          rules={rules.newPassword('oldPwd')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('user:password.confirm')}
          dependencies={['newPwd']}
          rules={rules.confirmation('newPwd')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('user:password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
