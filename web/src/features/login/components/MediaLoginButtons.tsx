import { DingtalkOutlined, MessageOutlined } from '@ant-design/icons';
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

interface MediaLoginButtonsProps {
  /** The providers the console has on (their authorize address is not empty). */
  providers: MediaProvider[];
  /** The page to open once signed in. */
  redirect: string | undefined;
}

const ICONS = { dingtalk: <DingtalkOutlined />, feishu: <MessageOutlined /> };

/**
 * "Sign in with DingTalk / Feishu": asks the console for a fresh authorize address (its state
 * bound to this browser) and goes there; the provider sends the browser back to /login.
 */
export function MediaLoginButtons({ providers, redirect }: MediaLoginButtonsProps) {
  const { t } = useTranslation('login');
  const [going, setGoing] = useState<MediaProvider>();
  const [error, setError] = useState<string>();
  if (providers.length === 0) return null;

  const go = async (provider: MediaProvider) => {
    setGoing(provider);
    setError(undefined);
    try {
      const urls = await call(
        authRoutes.getMediaLoginUrl,
        { redirectUri: mediaRedirectUri() },
        { silent: true },
      );
      if (!urls[provider]) throw new Error(t('media.off', { provider: t(`media.${provider}`) }));
      mediaLoginRedirect.keep(redirect);
      providerPage.open(urls[provider]);
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
        {providers.map((p) => (
          <Button
            key={p}
            icon={ICONS[p]}
            loading={going === p}
            disabled={going !== undefined && going !== p}
            onClick={() => void go(p)}
            style={{ flex: '1 1 140px' }}
          >
            {t(`media.${p}`)}
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
