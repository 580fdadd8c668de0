import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../ui/useNow';
import { formatDuration } from '../utils/stageTimes';

/** How long the running stage has run so far, ticking every second. */
export function StageTimer({ since }: { since: number }) {
  const { t } = useTranslation('deploy');
  const now = useNow(1000, since > 0);
  if (since <= 0) return null;
  return (
    <Typography.Text type="secondary" data-testid="stage-timer" aria-label={t('progress.elapsed')}>
      {formatDuration(now - since)}
    </Typography.Text>
  );
}
