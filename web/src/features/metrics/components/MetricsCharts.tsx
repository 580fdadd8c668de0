import { METRIC_RANGES, type MetricRange } from '@ferry/contract/client';
import { Alert, Empty, Flex, Segmented, Skeleton, Spin, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { usePreferences } from '../../../platform';
import { useChartLook } from '../../../ui/chart/useChartLook';
import { ErrorState } from '../../../ui/ErrorState';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { useServerMetrics } from '../hooks/useServerMetrics';
import { METRIC_PANELS } from '../utils/metricPanels';
import { metricRangeOf } from '../utils/metricRanges';
import type { PanelData } from '../utils/metricChartOption';
import type { MetricsView } from '../utils/MetricsView';
import { MetricPanelCard } from './MetricPanelCard';

interface MetricsChartsProps {
  /** The charts' query of the chosen range (`useServerMetrics`). */
  metrics: ReturnType<typeof useServerMetrics>;
  range: MetricRange;
  onRange: (range: MetricRange) => void;
  /** The collection's state: an unreachable server or collection turned off is said above. */
  state?: 'unknown' | 'ok' | 'unreachable';
  off?: boolean;
}

/** Each panel's share of the answer. */
export function panelsOf(view: MetricsView): PanelData[] {
  return METRIC_PANELS.map((panel) => ({
    panel,
    range: view.range,
    series: view.series.filter((s) => s.type === panel.type),
    from: view.from,
    to: view.to,
    gapMs: view.gapMs,
  }));
}

/**
 * goploy's 8 charts over the chosen range, live while open, two a row on wide screens; loading,
 * failed and "no samples yet" states in place.
 */
export function MetricsCharts({ metrics, range, onRange, state, off }: MetricsChartsProps) {
  const { t } = useTranslation('metrics');
  const mobile = useIsMobile();
  const dark = usePreferences((s) => s.theme) === 'dark';
  const look = useChartLook();
  const height = mobile ? 200 : 220;
  const panels = useMemo(() => (metrics.data ? panelsOf(metrics.data) : []), [metrics.data]);

  let body;
  if (metrics.isError && !metrics.data) {
    body = (
      <ErrorState
        title={t('chart.loadFailed')}
        detail={errorText(metrics.error)}
        onRetry={() => void metrics.refetch()}
      />
    );
  } else if (!metrics.data) {
    body = (
      <div role="status" aria-label={t('chart.loading')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else if (metrics.data.lastSampleTime === 0 && metrics.data.series.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4}>
            <Typography.Text>{t('chart.empty')}</Typography.Text>
            <Typography.Text type="secondary">{t('chart.emptyHelp')}</Typography.Text>
          </Flex>
        }
        style={{ padding: '48px 0' }}
      />
    );
  } else {
    body = (
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
          gap: 12,
        }}
      >
        {panels.map((data) => (
          <MetricPanelCard
            key={data.panel.type}
            data={data}
            look={look}
            dark={dark}
            height={height}
          />
        ))}
      </div>
    );
  }

  const source = metrics.data?.source;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented<MetricRange>
          aria-label={t('range.label')}
          value={range}
          onChange={(v) => onRange(metricRangeOf(v))}
          options={METRIC_RANGES.map((r) => ({
            value: r,
            label: <span title={t(`range.name.${r}`)}>{t(`range.short.${r}`)}</span>,
          }))}
        />
        {source === 'raw' ? <Tag color="processing">{t('chart.live')}</Tag> : null}
        {source === '5m' ? <Tag>{t('chart.rollup5m')}</Tag> : null}
        {source === '1h' ? <Tag>{t('chart.rollup1h')}</Tag> : null}
      </Flex>
      {state === 'unreachable' ? (
        <Alert type="error" showIcon title={t('chart.unreachable')} />
      ) : null}
      {off ? <Alert type="info" showIcon title={t('chart.off')} /> : null}
      <Spin spinning={metrics.isFetching && metrics.isPlaceholderData} delay={150}>
        {body}
      </Spin>
    </Flex>
  );
}
