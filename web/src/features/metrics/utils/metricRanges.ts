import { METRIC_RANGES, type MetricRange } from '@ferry/contract/client';
import { oneOf } from '../../../ui/oneOf';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How far back each range reaches. */
export const METRIC_RANGE_SPAN_MS: Readonly<Record<MetricRange, number>> = {
  '1h': HOUR,
  '6h': 6 * HOUR,
  '1d': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '90d': 90 * DAY,
};

/** The range the charts open on. */
export const DEFAULT_METRIC_RANGE: MetricRange = '1h';

/** `value` when it names a range, else the default. */
export function metricRangeOf(value: unknown): MetricRange {
  return oneOf(METRIC_RANGES, value, DEFAULT_METRIC_RANGE);
}
