import type { MetricRange, MetricSource } from '@ferry/contract';

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The length of each chart range. */
export const RANGE_LENGTH_MS: Record<MetricRange, number> = {
  '1h': HOUR,
  '6h': 6 * HOUR,
  '1d': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '90d': 90 * DAY,
};

/** About this many points a series. */
export const POINTS_PER_SERIES = 300;

/** The roll-up span (ms) each source reads; raw samples have none. */
export const SOURCE_SPAN_MS: Record<MetricSource, number> = { raw: 0, '5m': 300_000, '1h': HOUR };
/** The roll-up `span` column (seconds) of each roll-up source. */
export const SOURCE_SPAN_S = { '5m': 300, '1h': 3600 } as const;

export interface MetricPlan {
  source: MetricSource;
  /** The bucket length: a whole number of seconds, and of the source's roll-up span. */
  stepMs: number;
  /** Consecutive points further apart than this have a gap between them. */
  gapMs: number;
}

/**
 * Where a range of `lengthMs` is read from and in which steps, for about 300 points: raw samples
 * up to 6 hours, 5-minute roll-ups up to 7 days, 1-hour roll-ups beyond. The step is the length
 * over 300 rounded to whole roll-up spans (whole seconds for raw samples).
 *
 * The gap: two samples at most the server's sample interval apart fall in buckets less than a
 * step plus an interval apart; a step plus one and a half intervals leaves room for a late
 * sample, so only a collection that did not happen (or a longer hole) breaks the line.
 */
export function planFor(lengthMs: number, intervalMs: number): MetricPlan {
  const source: MetricSource = lengthMs <= 6 * HOUR ? 'raw' : lengthMs <= 7 * DAY ? '5m' : '1h';
  const unit = SOURCE_SPAN_MS[source] || SECOND;
  const stepMs = Math.max(1, Math.round(lengthMs / POINTS_PER_SERIES / unit)) * unit;
  return { source, stepMs, gapMs: stepMs + Math.round(1.5 * intervalMs) };
}

/** The start of the bucket of `stepMs` holding `time` (buckets are aligned on the epoch). */
export const bucketStart = (time: number, stepMs: number) => Math.floor(time / stepMs) * stepMs;

/**
 * goploy's thinning of a report (`/server/report`): an item's rows are kept whole up to 60;
 * beyond, every n-th row (n = rows / 60, rounded down) and the last one. goploy keeps the one
 * before the last instead, by a slip; the last is the freshest value, so it is kept here.
 */
export function thinLikeGoploy<T>(rows: readonly T[], max = 60): T[] {
  if (rows.length <= max) return [...rows];
  const every = Math.floor(rows.length / max);
  return rows.filter((_, i) => (i + 1) % every === 0 || i === rows.length - 1);
}
