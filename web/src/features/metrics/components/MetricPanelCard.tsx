import { Card, Empty, Flex, Skeleton } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartLook } from '../../../ui/chart/ChartLook';
import { LazyEChart } from '../../../ui/chart/LazyEChart';
import { metricChartOption, type PanelData } from '../utils/metricChartOption';

/** Charts of the page share their crosshair (`echarts.connect`). */
export const METRICS_CHART_GROUP = 'server-metrics';

interface MetricPanelCardProps {
  data: PanelData;
  look: ChartLook;
  dark: boolean;
  height: number;
}

/** One of the 8 charts in a card: its lines, or "no samples" for the range. */
export function MetricPanelCard({ data, look, dark, height }: MetricPanelCardProps) {
  const { t } = useTranslation('metrics');
  const option = useMemo(
    () => ({ ...metricChartOption(data, look), darkMode: dark }),
    [data, look, dark],
  );
  const title = t(`panel.${data.panel.key}`);
  const range = t(`range.name.${data.range}`);
  const hasPoints = data.series.some((s) => s.points.length > 0);
  const loading = (
    <div role="status" aria-label={t('chart.loading')} style={{ height }}>
      <Skeleton active title={false} paragraph={{ rows: 5 }} />
    </div>
  );
  return (
    <Card size="small" title={title} styles={{ body: { padding: '8px 8px 4px' } }}>
      {hasPoints ? (
        <Suspense fallback={loading}>
          <LazyEChart
            option={option}
            height={height}
            group={METRICS_CHART_GROUP}
            label={t('chart.summary', {
              panel: title,
              range,
              items: data.series.map((s) => s.item).join(', '),
            })}
          />
        </Suspense>
      ) : (
        <Flex align="center" justify="center" style={{ height }}>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('chart.emptyPanel', { range })}
          />
        </Flex>
      )}
    </Card>
  );
}
