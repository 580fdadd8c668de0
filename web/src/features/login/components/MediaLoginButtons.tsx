import { DingtalkOutlined, KeyOutlined, MessageOutlined } from '@ant-design/icons';
import { authRoutes } from '@ferry/contract/client';
import { Button, Divider, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { errorText } from '../../../api/errorText';
import {
  mediaLoginRedirect,
  mediaRedirectUri,
  providerPage,
  type MediaProvider,
} from '../utils/mediaLoginParams';

type Provider = MediaProvider | 'oidc';

interface MediaLoginButtonsProps {
  /** The providers the console has on (their authorize address is not empty). */
  providers: MediaProvider[];
  /** OpenID Connect, when on: its button's label ('' for "single sign-on"). */
  oidc: { label: string } | undefined;
  /** The page to open once signed in. */
  redirect: string | undefined;
}

const ICONS = {
  dingtalk: <DingtalkOutlined />,
  feishu: <MessageOutlined />,
  oidc: <KeyOutlined />,
};

/** A provider's authorize address, asked of the console afresh (its state bound to this browser). */
async function authorizeUrl(provider: Provider, off: string): Promise<string> {
  if (provider === 'oidc')
    return (await call(authRoutes.getOidcLoginUrl, {}, { silent: true })).url;
  const urls = await call(
    authRoutes.getMediaLoginUrl,
    { redirectUri: mediaRedirectUri() },
    { silent: true },
  );
  if (!urls[provider]) throw new Error(off);
  return urls[provider];
}

/**
 * "Sign in with single sign-on / DingTalk / Feishu": asks the console for a fresh authorize
 * address (its state bound to this browser) and goes there; the provider sends the browser back
 * to /login (OpenID Connect: through the console's callback).
 */
export function MediaLoginButtons({ providers, oidc, redirect }: MediaLoginButtonsProps) {
  const { t } = useTranslation('login');
  const [going, setGoing] = useState<Provider>();
  const [error, setError] = useState<string>();
  const all: Provider[] = [...(oidc ? (['oidc'] as const) : []), ...providers];
  if (all.length === 0) return null;
  const labelOf = (p: Provider) =>
    p === 'oidc' ? oidc?.label || t('media.oidc') : t(`media.${p}`);

  const go = async (provider: Provider) => {
    setGoing(provider);
    setError(undefined);
    try {
      const url = await authorizeUrl(provider, t('media.off', { provider: labelOf(provider) }));
      mediaLoginRedirect.keep(redirect);
      providerPage.open(url);
    } catch (e) {
      setError(errorText(e));
      setGoing(undefined);
    }
  };

  return (
    <>
      <Divider plain style={{ margin: '20px 0 16px' }}>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('media.or')}
        </Typography.Text>
      </Divider>
      <Flex gap={12} wrap>
        {all.map((p) => (
          <Button
            key={p}
            icon={ICONS[p]}
            loading={going === p}
            disabled={going !== undefined && going !== p}
            onClick={() => void go(p)}
            style={{ flex: '1 1 140px' }}
          >
            {labelOf(p)}
          </Button>
        ))}
      </Flex>
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      ) : null}
    </>
  );
}
