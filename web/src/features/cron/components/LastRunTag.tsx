import { Flex, Tooltip, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CronJob } from '../utils/cronRows';
import { runDuration } from '../utils/runDuration';
import { RunCodeTag } from './RunCodeTag';

/**
 * A job's last run: its exit code (or skipped) and, under it, when it started (the date and the
 * time may wrap, keeping the column narrow); how long it took on hover.
 */
export function LastRunTag({ run }: { run: CronJob['lastRun'] }): ReactElement {
  const { t } = useTranslation('cron');
  if (!run) return <Typography.Text type="secondary">{t('run.never')}</Typography.Text>;
  return (
    <Tooltip title={t('run.took', { duration: runDuration(run.durationMs, t) })}>
      <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 84 }}>
        <RunCodeTag execCode={run.execCode} skipped={run.skipped} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {run.startTime}
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}
