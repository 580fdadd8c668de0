import type { MetricPoint, MetricsView } from '../utils/MetricsView';

const MINUTE = 60_000;
/** The end of the fixtures' hour. */
export const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

/** `count` points a minute apart ending at `end`, the value `value(i)`. */
export function pointsOf(count: number, end: number, value: (i: number) => number): MetricPoint[] {
  return Array.from({ length: count }, (_, i) => {
    const v = value(i);
    return [end - (count - 1 - i) * MINUTE, v, v, v] as MetricPoint;
  });
}

/** The last hour of raw samples, a minute apart: CPU and RAM, overridable. */
export function metricsView(over: Partial<MetricsView> = {}): MetricsView {
  return {
    range: '1h',
    from: NOW - 60 * MINUTE,
    to: NOW,
    stepMs: MINUTE,
    gapMs: 1.5 * MINUTE,
    source: 'raw',
    lastSampleTime: NOW,
    series: [
      { type: 1, item: 'cpu_usage', points: pointsOf(3, NOW, (i) => 10 + i) },
      { type: 2, item: 'ram_usage', points: pointsOf(3, NOW, () => 50) },
    ],
    ...over,
  };
}
