import type { MetricRange } from '@ferry/contract/client';

/** One item's points: `[time, avg, min, max]`, time the bucket's start (epoch ms), oldest first. */
export type MetricPoint = readonly [number, number, number, number];

/** One item of a chart type, as `/server/getMetrics` answers it. */
export interface MetricSeriesView {
  type: number;
  item: string;
  points: MetricPoint[];
}

/** The charts' data of one range, as `/server/getMetrics` answers it. */
export interface MetricsView {
  range: MetricRange;
  /** The first bucket's start and the range's end (epoch ms). */
  from: number;
  to: number;
  stepMs: number;
  /** Consecutive points further apart than this have a gap between them. */
  gapMs: number;
  /** Raw samples, or the 5-minute or hourly roll-ups. */
  source: 'raw' | '5m' | '1h';
  /** The server's last sample (epoch ms); 0 before the first. */
  lastSampleTime: number;
  series: readonly MetricSeriesView[];
}
