import { Alert } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CronFence } from '../utils/cronRows';

/**
 * Says when Ferry's block in the crontab is not as Ferry wrote it: edited by hand, gone, or the
 * crontab could not be read; nothing when it is fine.
 */
export function FenceAlert({ fence }: { fence: CronFence }): ReactElement | null {
  const { t } = useTranslation('cron');
  if (fence.state === 'ok') return null;
  const type = fence.state === 'unread' ? 'error' : 'warning';
  return (
    <Alert
      type={type}
      showIcon
      title={t(`fence.${fence.state}`, { user: fence.user })}
      description={fence.error || t(`fence.${fence.state}Help`)}
    />
  );
}
