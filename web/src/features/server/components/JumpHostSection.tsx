import { Flex, Form, Switch, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthFields, type StoredSecrets } from './AuthFields';
import { HostFields } from './HostFields';

/**
 * The optional jump host, folded away behind a switch. Turned off, the server is reached
 * directly and the jump host is removed on save.
 */
export function JumpHostSection({ stored }: { stored: StoredSecrets }) {
  const { t } = useTranslation('server');
  const { token } = theme.useToken();
  const useJump = Form.useWatch<boolean | undefined>('useJump') ?? false;
  return (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: useJump ? '12px 16px 0' : '12px 16px',
        marginBottom: 24,
      }}
    >
      <Flex align="center" gap={8} wrap style={{ marginBottom: useJump ? 16 : 0 }}>
        <Form.Item name="useJump" valuePropName="checked" noStyle>
          <Switch size="small" aria-label={t('form.useJump')} />
        </Form.Item>
        <Typography.Text strong>{t('form.useJump')}</Typography.Text>
        <Typography.Text type="secondary">{t('form.useJumpHelp')}</Typography.Text>
      </Flex>
      {useJump ? (
        <>
          <HostFields jump />
          <AuthFields jump stored={stored} />
        </>
      ) : null}
    </div>
  );
}
