import type { MonitorCheckPoint } from './monitorTypes';
import { serverTimeMs } from '../../../ui/serverTime';

/** One value on the time axis: `[time in ms, value]`, null where the line breaks. */
export type SeriesValue = [number, number | null];

/** The chart's data drawn from the points of a range. */
export interface CheckSeries {
  /** Average latency per bucket. */
  average: SeriesValue[];
  /** The band's floor: the least latency per bucket. */
  low: SeriesValue[];
  /** The band's height above its floor: max − min, stacked on `low`. */
  spread: SeriesValue[];
  /** Failed checks per bucket, only buckets with some. */
  failures: [number, number][];
  /** Periods where every check failed, `[from, to]` in ms, touching buckets merged. */
  down: [number, number][];
  /** The points by their time in ms, for the tooltip. */
  byTime: Map<number, MonitorCheckPoint>;
  checks: number;
  failed: number;
  /** Average latency over every check of the range, rounded; 0 without checks. */
  averageMs: number;
}

/**
 * The series of a range's points (buckets of `stepS` seconds that had checks, oldest first). A
 * bucket missing between two points breaks the lines, since nothing was checked then (the
 * console was stopped, or the monitor paused); a bucket whose checks all failed is a down period.
 */
export function checkSeries(points: readonly MonitorCheckPoint[], stepS: number): CheckSeries {
  const stepMs = Math.max(1, stepS) * 1000;
  const out: CheckSeries = {
    average: [],
    low: [],
    spread: [],
    failures: [],
    down: [],
    byTime: new Map(),
    checks: 0,
    failed: 0,
    averageMs: 0,
  };
  let latencySum = 0;
  let previous: number | undefined;
  const sorted = points
    .map((p) => ({ p, t: serverTimeMs(p.time) }))
    .filter(({ t }) => Number.isFinite(t))
    .sort((a, b) => a.t - b.t);
  for (const { p, t } of sorted) {
    if (previous !== undefined && t - previous > stepMs * 1.5) {
      const gap = previous + stepMs;
      out.average.push([gap, null]);
      out.low.push([gap, null]);
      out.spread.push([gap, null]);
    }
    previous = t;
    out.byTime.set(t, p);
    out.average.push([t, p.latencyMs]);
    out.low.push([t, p.latencyMin]);
    out.spread.push([t, Math.max(0, p.latencyMax - p.latencyMin)]);
    if (p.failures > 0) out.failures.push([t, p.failures]);
    if (p.checks > 0 && p.failures >= p.checks) {
      const last = out.down.at(-1);
      if (last && last[1] >= t) last[1] = t + stepMs;
      else out.down.push([t, t + stepMs]);
    }
    out.checks += p.checks;
    out.failed += p.failures;
    latencySum += p.latencyMs * p.checks;
  }
  out.averageMs = out.checks > 0 ? Math.round(latencySum / out.checks) : 0;
  return out;
}
