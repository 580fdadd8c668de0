import type { MetricSummary } from '../utils/metricsRows';
import { Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatMetric } from '../utils/metricUnits';
import { UsageBar } from './UsageBar';

/**
 * A server's latest CPU, RAM and fullest disk as three small bars, for the server list; "no
 * samples" before the first, a tag when collection is off or the server is unreachable.
 */
export function MetricsSummaryCell({ summary }: { summary: MetricSummary | undefined }) {
  const { t } = useTranslation('metrics');
  if (!summary || summary.lastSampleTime === 0) {
    return (
      <Flex vertical gap={2} align="flex-start">
        {summary?.mode === 'off' ? <Tag>{t('summary.off')}</Tag> : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('summary.none')}
        </Typography.Text>
      </Flex>
    );
  }
  const percent = (v: number | null) => (v === null ? '–' : formatMetric(v, 'percent'));
  const time = dayjs(summary.lastSampleTime).format('YYYY-MM-DD HH:mm:ss');
  return (
    <Flex
      vertical
      gap={2}
      role="group"
      aria-label={t('summary.label', {
        cpu: percent(summary.cpu),
        ram: percent(summary.ram),
        disk: percent(summary.disk),
        time,
      })}
      title={time}
    >
      {summary.state === 'unreachable' ? (
        <Tag color="error" style={{ alignSelf: 'flex-start' }}>
          {t('summary.unreachable')}
        </Tag>
      ) : null}
      {summary.mode === 'off' ? (
        <Tag style={{ alignSelf: 'flex-start' }}>{t('summary.off')}</Tag>
      ) : null}
      <UsageBar label={t('summary.cpu')} percent={summary.cpu} />
      <UsageBar label={t('summary.ram')} percent={summary.ram} />
      <UsageBar label={t('summary.disk')} percent={summary.disk} />
    </Flex>
  );
}
