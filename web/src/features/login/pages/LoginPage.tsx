import { getRouteApi } from '@tanstack/react-router';
import { Alert, Flex, Spin, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, ThemeToggle, usePreferences } from '../../../platform';
import { CaptchaModal } from '../components/CaptchaModal';
import { LoginCard } from '../components/LoginCard';
import { LoginForm } from '../components/LoginForm';
import { MediaLoginButtons } from '../components/MediaLoginButtons';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { useExtLogin } from '../hooks/useExtLogin';
import { useLoginConfig } from '../hooks/useLoginConfig';
import { useLoginFlow } from '../hooks/useLoginFlow';
import { useMediaLogin } from '../hooks/useMediaLogin';
import { useOidcLogin } from '../hooks/useOidcLogin';
import type { MediaProvider } from '../utils/mediaLoginParams';
import type { ReactElement } from 'react';

const route = getRouteApi('/login');

/**
 * /login: credentials, a forced password change, the captcha, signed-link login, OpenID Connect,
 * DingTalk and Feishu sign-in.
 */
export function LoginPage(): ReactElement {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  const { redirect } = route.useSearch();
  const language = usePreferences((s) => s.language);
  const config = useLoginConfig();
  const flow = useLoginFlow(redirect, config.data?.captcha.enabled);
  const ext = useExtLogin(redirect);
  const media = useMediaLogin();
  const oidc = useOidcLogin();
  const oidcConfig = config.data?.oidc;
  const oidcLabel = oidcConfig?.label || t('media.oidc');
  const mediaURL = config.data?.mediaURL;
  const providers = (['dingtalk', 'feishu'] as const).filter((p): p is MediaProvider =>
    Boolean(mediaURL?.[p]),
  );

  let body;
  if (ext.status === 'running' || media.status === 'running' || oidc.status === 'running') {
    let text = t('ext.running');
    if (media.status === 'running') {
      text = t('media.running', { provider: t(`media.${media.provider}`) });
    } else if (oidc.status === 'running') {
      // The label may not be known yet: the sign-in started before the settings came.
      text = oidcConfig ? t('media.running', { provider: oidcLabel }) : t('media.oidcRunning');
    }
    body = (
      <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }}>
        <Spin size="large" />
        <Typography.Text type="secondary">{text}</Typography.Text>
      </Flex>
    );
  } else if (flow.step === 'newPassword') {
    body = (
      <NewPasswordForm
        account={flow.account}
        notice={flow.notice}
        loading={flow.loading}
        onSubmit={(pw) => void flow.submitNewPassword(pw)}
        onBack={flow.backToCredentials}
      />
    );
  } else {
    body = (
      <>
        <LoginForm
          loading={flow.loading}
          initialAccount={flow.account}
          ldap={config.data?.ldap.enabled ?? false}
          onSubmit={(c) => void flow.submitCredentials(c)}
        />
        <MediaLoginButtons
          providers={providers}
          oidc={oidcConfig?.enabled ? oidcConfig : undefined}
          redirect={redirect}
        />
      </>
    );
  }

  const error =
    flow.error ??
    (ext.status === 'failed' ? t('ext.failed', { error: ext.error }) : undefined) ??
    (media.status === 'failed'
      ? t('media.failed', { provider: t(`media.${media.provider}`), error: media.error })
      : undefined) ??
    (oidc.status === 'failed'
      ? t('media.failed', { provider: oidcLabel, error: oidc.error })
      : undefined);

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: '72px 16px 32px',
        position: 'relative',
        background: `radial-gradient(1200px 600px at 10% -10%, ${token.colorPrimaryBg}, transparent 60%), radial-gradient(900px 500px at 110% 110%, ${token.colorInfoBg}, transparent 60%), ${token.colorBgLayout}`,
      }}
    >
      <Flex gap={4} style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch showLabel />
        <ThemeToggle />
      </Flex>
      <LoginCard subtitle={flow.step === 'newPassword' ? t('newPassword.subtitle') : t('subtitle')}>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} /> : null}
        {body}
      </LoginCard>
      <Typography.Text type="secondary" style={{ marginTop: 24, fontSize: 12 }}>
        {t('footer')}
      </Typography.Text>
      <CaptchaModal
        open={flow.captchaOpen}
        language={language === 'zh-CN' ? 'zh-cn' : 'en'}
        onSuccess={flow.captchaPassed}
        onCancel={flow.closeCaptcha}
      />
    </Flex>
  );
}
