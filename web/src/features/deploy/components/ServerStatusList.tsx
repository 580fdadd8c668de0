import type { ServerDeployState } from '@ferry/contract/client';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServerProgress } from '../utils/progressView';

const COLORS: Record<ServerDeployState, string> = {
  waiting: 'default',
  running: 'processing',
  success: 'success',
  fail: 'error',
  skipped: 'default',
};

/** Each target server and how far the deploy got on it. */
export function ServerStatusList({ servers }: { servers: readonly ServerProgress[] }) {
  const { t } = useTranslation('deploy');
  return (
    <section aria-label={t('progress.servers')}>
      <Typography.Text strong>{t('progress.servers')}</Typography.Text>
      <Flex
        component="ul"
        gap={8}
        wrap
        style={{ margin: '8px 0 0', padding: 0, listStyle: 'none' }}
      >
        {servers.map((s) => (
          <li key={s.serverId} aria-label={s.serverName}>
            <Tag color={COLORS[s.state]} variant="outlined" style={{ marginInlineEnd: 0 }}>
              {s.serverName}: {t(`serverState.${s.state}`)}
            </Tag>
          </li>
        ))}
      </Flex>
    </section>
  );
}
