import type { JobStatus } from '@ferry/contract/client';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<JobStatus, string> = {
  queued: 'gold',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** How one deploy ended, or that it still waits or runs. */
export function JobStatusTag({ status }: { status: JobStatus }) {
  const { t } = useTranslation('deploy');
  return (
    <Tag color={COLORS[status]} variant="filled">
      {t(`status.${status}`)}
    </Tag>
  );
}
