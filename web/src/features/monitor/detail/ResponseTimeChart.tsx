import { MONITOR_RANGES, type MonitorRange } from '@ferry/contract/client';
import { Empty, Flex, Segmented, Skeleton, Spin, Typography } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { usePreferences } from '../../../platform';
import { ErrorState } from '../../../ui/ErrorState';
import { useIsMobile } from '../../../ui/useIsMobile';
import { LazyEChart } from '../../../ui/chart/LazyEChart';
import { useChartLook } from '../../../ui/chart/useChartLook';
import { responseTimeOption, type ChartTexts } from './chartOption';
import { checkSeries } from './checkSeries';
import { DEFAULT_RANGE, rangeOf } from './monitorRanges';
import { useMonitorChecks } from './useMonitorHistory';

/**
 * The monitor's response times over a chosen range (last hour to 3 months): average latency,
 * its min–max band, failures and down periods in red. Loading, empty and failed states in place.
 */
export function ResponseTimeChart({ monitorId }: { monitorId: number }) {
  const { t } = useTranslation('monitorDetail');
  const mobile = useIsMobile();
  const dark = usePreferences((s) => s.theme) === 'dark';
  const look = useChartLook();
  const [range, setRange] = useState<MonitorRange>(DEFAULT_RANGE);
  const checks = useMonitorChecks(monitorId, range);
  const height = mobile ? 220 : 280;
  const shownRange = checks.data?.range ?? range;

  const series = useMemo(
    () => (checks.data ? checkSeries(checks.data.points, checks.data.step) : undefined),
    [checks.data],
  );
  const texts = useMemo<ChartTexts>(
    () => ({
      average: t('chart.average'),
      minMax: t('chart.minMax'),
      failures: t('chart.failures'),
      latencyAxis: t('chart.latencyAxis'),
      latency: (avg, min, max) => t('chart.tooltipLatency', { avg, min, max }),
      checks: (count, failures) => t('chart.tooltipChecks', { count, failures }),
    }),
    [t],
  );
  const option = useMemo(
    () =>
      series
        ? {
            ...responseTimeOption(series, shownRange, checks.dataUpdatedAt, look, texts),
            darkMode: dark,
          }
        : undefined,
    [series, shownRange, checks.dataUpdatedAt, look, texts, dark],
  );
  const rangeName = t(`chart.rangeNames.${shownRange}`);

  const loading = (
    <div role="status" aria-label={t('chart.loading')} style={{ height }}>
      <Skeleton active title={false} paragraph={{ rows: 7 }} />
    </div>
  );
  let body;
  if (checks.isError && !checks.data) {
    body = (
      <ErrorState
        title={t('chart.loadFailed')}
        detail={errorText(checks.error)}
        onRetry={() => void checks.refetch()}
      />
    );
  } else if (!series || !option) {
    body = loading;
  } else if (series.checks === 0) {
    body = (
      <Flex align="center" justify="center" style={{ height }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />
      </Flex>
    );
  } else {
    body = (
      <Suspense fallback={loading}>
        <LazyEChart
          option={option}
          height={height}
          label={t('chart.summary', {
            range: rangeName,
            count: series.checks,
            failures: series.failed,
            avg: series.averageMs,
          })}
        />
      </Suspense>
    );
  }

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('chart.title')}
        </Typography.Title>
        <Segmented<MonitorRange>
          size="small"
          aria-label={t('chart.range')}
          value={range}
          onChange={(v) => setRange(rangeOf(v))}
          options={MONITOR_RANGES.map((r) => ({
            value: r,
            label: <span title={t(`chart.rangeNames.${r}`)}>{t(`chart.ranges.${r}`)}</span>,
          }))}
        />
      </Flex>
      <Spin spinning={checks.isFetching && checks.isPlaceholderData} delay={150}>
        {body}
      </Spin>
    </Flex>
  );
}
