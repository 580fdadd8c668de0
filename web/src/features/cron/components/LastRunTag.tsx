import { Flex, Tooltip, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CronJob } from '../utils/cronRows';
import { runDuration } from '../utils/runDuration';
import { RunCodeTag } from './RunCodeTag';

/** A job's last run: its exit code (or skipped) and when it started; how long it took on hover. */
export function LastRunTag({ run }: { run: CronJob['lastRun'] }): ReactElement {
  const { t } = useTranslation('cron');
  if (!run) return <Typography.Text type="secondary">{t('run.never')}</Typography.Text>;
  return (
    <Tooltip title={t('run.took', { duration: runDuration(run.durationMs, t) })}>
      <Flex gap={4} align="center" wrap={false}>
        <RunCodeTag execCode={run.execCode} skipped={run.skipped} />
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {run.startTime}
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}
