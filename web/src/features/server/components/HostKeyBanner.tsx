import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import type { ServerRow } from '../utils/ServerRow';
import { MonoText } from '../../../ui/MonoText';

interface HostKeyBannerProps {
  /** The servers with a pending host key; nothing shows when there are none. */
  servers: readonly ServerRow[];
  onAccept: (server: ServerRow) => void;
}

interface KeyChangeProps {
  jump: boolean;
  expected: string;
  presented: string;
}

/**
 * One line of the banner: "The host key changed: expected X, the server presented Y". Built from
 * pieces rather than markup in the translation, so a fingerprint is only ever shown as text.
 */
function KeyChange({ jump, expected, presented }: KeyChangeProps) {
  const { t } = useTranslation('server');
  return (
    <Typography.Text style={{ wordBreak: 'break-all' }}>
      {jump ? t('hostKey.jumpChanged') : t('hostKey.changed')} {t('hostKey.expected')}{' '}
      <MonoText>{expected || t('hostKey.none')}</MonoText>
      {jump ? t('hostKey.jumpPresented') : t('hostKey.presented')} <MonoText>{presented}</MonoText>
    </Typography.Text>
  );
}

/**
 * Above the table: the servers whose host (or jump host) presented a different key. Every
 * connection to them is refused until someone with EditServer accepts the new key.
 */
export function HostKeyBanner({ servers, onAccept }: HostKeyBannerProps) {
  const { t } = useTranslation('server');
  if (servers.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('hostKey.bannerTitle', { count: servers.length })}
      description={
        <Flex vertical gap={8} style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">{t('hostKey.bannerHelp')}</Typography.Text>
          {servers.map((s) => (
            <Flex key={s.id} gap={8} wrap align="center" justify="space-between">
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong>{s.name}</Typography.Text>
                {s.pendingFingerprint ? (
                  <KeyChange
                    jump={false}
                    expected={s.fingerprint}
                    presented={s.pendingFingerprint}
                  />
                ) : null}
                {s.pendingJumpFingerprint ? (
                  <KeyChange
                    jump
                    expected={s.jumpFingerprint}
                    presented={s.pendingJumpFingerprint}
                  />
                ) : null}
              </Flex>
              <Can anyOf={[Perm.EditServer]}>
                <Button
                  size="small"
                  danger
                  icon={<SafetyCertificateOutlined />}
                  onClick={() => onAccept(s)}
                  aria-label={t('hostKey.acceptFor', { name: s.name })}
                >
                  {t('hostKey.accept')}
                </Button>
              </Can>
            </Flex>
          ))}
        </Flex>
      }
    />
  );
}
