import { SPARKLINE_SPAN_S, SPARKLINE_STEP_S, type MonitorRange } from '@ferry/contract';
import { formatTime } from '../../../core/clock.js';
import type { BucketRow, MonitorRepository } from '../monitor.repository.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * Where each chart range reads from, and its step (about 300 points): raw results for the last
 * hour and 6 hours, minute roll-ups for a day and a week, hour roll-ups beyond.
 */
export const RANGE_PLAN: Record<
  MonitorRange,
  { lengthMs: number; stepMs: number; source: 'raw' | 60 | 3600 }
> = {
  hour: { lengthMs: HOUR, stepMs: 12_000, source: 'raw' },
  '6h': { lengthMs: 6 * HOUR, stepMs: 72_000, source: 'raw' },
  day: { lengthMs: DAY, stepMs: 5 * MIN, source: 60 },
  week: { lengthMs: 7 * DAY, stepMs: 30 * MIN, source: 60 },
  month: { lengthMs: 30 * DAY, stepMs: 2 * HOUR, source: 3600 },
  '3months': { lengthMs: 90 * DAY, stepMs: 6 * HOUR, source: 3600 },
};

/** How long minute and hour roll-ups are kept: as long as the ranges that read them. */
export const ROLLUP_KEEP_MS = { 60: 8 * DAY, 3600: 400 * DAY } as const;

/** The chart of one monitor over a range. */
export async function chartOf(
  repo: Pick<MonitorRepository, 'rawBuckets' | 'rollupBuckets'>,
  monitorId: number,
  range: MonitorRange,
  now: number,
) {
  const plan = RANGE_PLAN[range];
  const from = Math.floor((now - plan.lengthMs) / plan.stepMs) * plan.stepMs;
  const rows =
    plan.source === 'raw'
      ? await repo.rawBuckets(monitorId, from, plan.stepMs)
      : await repo.rollupBuckets(monitorId, plan.source, from, plan.stepMs);
  return { range, step: plan.stepMs / 1000, points: rows.map(point) };
}

function point(r: BucketRow) {
  return {
    time: formatTime(r.time),
    checks: r.checks,
    failures: r.failures,
    latencyMs: r.checks ? Math.round(r.latency_sum / r.checks) : 0,
    latencyMin: r.latency_min,
    latencyMax: r.latency_max,
  };
}

/**
 * The list's sparklines: the last hour of each monitor, one point a minute with checks, the
 * average latency of its passing checks, or null when all of them failed.
 */
export async function sparklinesOf(
  repo: Pick<MonitorRepository, 'sparkBuckets'>,
  ids: number[],
  now: number,
) {
  const stepMs = SPARKLINE_STEP_S * 1000;
  const from = Math.floor((now - SPARKLINE_SPAN_S * 1000) / stepMs) * stepMs + stepMs;
  const rows = await repo.sparkBuckets(ids, from, stepMs);
  const byId = new Map<number, [string, number | null][]>(ids.map((id) => [id, []]));
  for (const r of rows) {
    byId
      .get(r.monitorId)
      ?.push([formatTime(r.time), r.passed ? Math.round(r.latencySum / r.passed) : null]);
  }
  return { list: [...byId].map(([id, points]) => ({ id, points })) };
}

/** Removes raw results older than the retention, and roll-ups older than the ranges need. */
export function pruneMonitorResults(
  repo: Pick<MonitorRepository, 'prune'>,
  retentionDays: number,
  now: number,
): Promise<number> {
  const rawBefore = retentionDays > 0 ? now - retentionDays * DAY : 0;
  return repo.prune(rawBefore, {
    60: now - Math.max(ROLLUP_KEEP_MS[60], retentionDays * DAY),
    3600: now - ROLLUP_KEEP_MS[3600],
  });
}
