import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRefusal } from '../../../ui/useFormRefusal';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useTestSignIn } from '../hooks/useTestSignIn';
import { TestSignInResult } from './TestSignInResult';

interface Values {
  account: string;
  password: string;
}

const FIELDS = ['account', 'password'] as const;

interface TestSignInCardProps {
  /** Whether LDAP sign-in is on; without it there is no directory to ask. */
  ldapEnabled: boolean;
}

/**
 * "Test a sign-in": asks the directory about an account (and its password, when given) as a
 * sign-in would, and shows the entry, its groups and the memberships that would follow. Nothing
 * changes on either side.
 */
export function TestSignInCard({ ldapEnabled }: TestSignInCardProps) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const refused = useFormRefusal(form, FIELDS);
  const test = useTestSignIn();
  const mobile = useIsMobile();

  const run = (values: Values) => {
    test.reset();
    test.mutate(
      { account: values.account.trim(), password: values.password ?? '' },
      { onError: refused },
    );
  };

  return (
    <Card
      title={
        <span>
          <ExperimentOutlined /> {t('signIn.test.title')}
        </span>
      }
      style={{ marginTop: 16 }}
    >
      <p style={{ marginTop: 0 }}>{ldapEnabled ? t('signIn.test.help') : t('signIn.test.off')}</p>
      <Form<Values>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        requiredMark={false}
        disabled={!ldapEnabled}
        initialValues={{ account: '', password: '' }}
        onFinish={run}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="account"
          label={t('signIn.test.account')}
          rules={[{ required: true, whitespace: true, message: t('signIn.test.accountRequired') }]}
        >
          <Input autoComplete="off" maxLength={25} style={mobile ? undefined : { width: 200 }} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('signIn.test.password')}
          tooltip={t('signIn.test.passwordHelp')}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={128}
            style={mobile ? undefined : { width: 200 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={test.isPending}>
            {t('signIn.test.run')}
          </Button>
        </Form.Item>
      </Form>
      {test.data ? <TestSignInResult result={test.data} /> : null}
    </Card>
  );
}
