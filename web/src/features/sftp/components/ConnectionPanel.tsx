import {
  ApiOutlined,
  DisconnectOutlined,
  LockOutlined,
  PauseCircleOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Code } from '@ferry/contract/client';
import { Button, Flex, Spin, theme, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  mayReconnect,
  type ClosedConnection,
  type SftpConnection,
} from '../utils/connectionStatus';

/** The title, the icon and the explanation of a closed connection. */
function closedWords(
  t: TFunction<'sftp'>,
  c: ClosedConnection,
  server: string,
): { title: string; detail?: string; icon: ReactNode } {
  switch (c.cause) {
    case 'unreachable':
      return {
        title: t('connection.unreachable', { name: server }),
        detail: c.reason || t('connection.noReason'),
        icon: <ApiOutlined />,
      };
    case 'idle':
      return { title: t('connection.idle'), icon: <PauseCircleOutlined /> };
    case 'serverDisabled':
      return { title: t('connection.serverDisabled', { name: server }), icon: <StopOutlined /> };
    case 'refused':
      if (c.envelopeCode === Code.deny) {
        return {
          title: t('connection.denied'),
          detail: c.reason || undefined,
          icon: <LockOutlined />,
        };
      }
      if (c.envelopeCode === Code.namespaceInvalid) {
        return { title: t('connection.notMember'), icon: <LockOutlined /> };
      }
      if (c.envelopeCode === Code.illegalParam) {
        return {
          title: t('connection.badRequest'),
          detail: c.reason || undefined,
          icon: <StopOutlined />,
        };
      }
      return { title: t('connection.sessionEnded'), icon: <LockOutlined /> };
    case 'lost':
      return { title: t('connection.lost'), icon: <DisconnectOutlined /> };
  }
}

/**
 * What a tab shows while its socket opens, and once it closed: why (the server cannot be reached,
 * it was disabled, the user's access went…) and, where it may help, a Reconnect button.
 */
export function ConnectionPanel(props: {
  connection: Exclude<SftpConnection, { state: 'open' }>;
  server: string;
  onReconnect: () => void;
}) {
  const { connection, server } = props;
  const { t } = useTranslation('sftp');
  const { token } = theme.useToken();
  if (connection.state === 'connecting') {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '64px 16px' }} role="status">
        <Spin />
        <Typography.Text type="secondary">
          {t('connection.connecting', { name: server })}
        </Typography.Text>
      </Flex>
    );
  }
  const words = closedWords(t, connection, server);
  return (
    <Flex
      vertical
      align="center"
      gap={12}
      role="alert"
      style={{ padding: '48px 16px', textAlign: 'center' }}
    >
      <span style={{ fontSize: 48, color: token.colorTextTertiary }}>{words.icon}</span>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {words.title}
      </Typography.Title>
      {words.detail ? (
        <Typography.Text type="secondary" style={{ maxWidth: 560, wordBreak: 'break-word' }}>
          {words.detail}
        </Typography.Text>
      ) : null}
      {mayReconnect(connection) ? (
        <Button type="primary" icon={<ReloadOutlined />} onClick={props.onReconnect}>
          {t('connection.reconnect')}
        </Button>
      ) : null}
    </Flex>
  );
}
