import { METRIC_RANGES } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import { bucketStart, planFor, RANGE_LENGTH_MS, thinLikeGoploy } from './metric-plan.js';

const MIN = 60_000;

describe('the plan of a chart range', () => {
  it('reads raw samples up to 6 hours, 5-minute roll-ups up to a week, hourly ones beyond', () => {
    const plans = METRIC_RANGES.map((r) => [r, planFor(RANGE_LENGTH_MS[r], MIN)] as const);
    expect(plans.map(([r, p]) => [r, p.source, p.stepMs / 1000])).toEqual([
      ['1h', 'raw', 12],
      ['6h', 'raw', 72],
      ['1d', '5m', 300],
      ['7d', '5m', 2100],
      ['30d', '1h', 7200],
      ['90d', '1h', 25_200],
    ]);
  });

  it('answers about 300 points a series, in whole spans of its source', () => {
    for (const range of METRIC_RANGES) {
      const plan = planFor(RANGE_LENGTH_MS[range], MIN);
      const points = RANGE_LENGTH_MS[range] / plan.stepMs;
      expect(points, range).toBeGreaterThanOrEqual(240);
      expect(points, range).toBeLessThanOrEqual(360);
      const unit = { raw: 1000, '5m': 300_000, '1h': 3_600_000 }[plan.source];
      expect(plan.stepMs % unit, range).toBe(0);
    }
  });

  it('plans any length (goploy picks its own), never a step below a second', () => {
    expect(planFor(1000, MIN)).toMatchObject({ source: 'raw', stepMs: 1000 });
    expect(planFor(2 * 86_400_000, MIN)).toMatchObject({ source: '5m', stepMs: 600_000 });
    expect(planFor(365 * 86_400_000, MIN)).toMatchObject({ source: '1h', stepMs: 29 * 3_600_000 });
  });

  it('puts a gap where more than a step and one and a half sample intervals pass', () => {
    expect(planFor(RANGE_LENGTH_MS['1h'], MIN).gapMs).toBe(12_000 + 90_000);
    expect(planFor(RANGE_LENGTH_MS['7d'], 10_000).gapMs).toBe(2_100_000 + 15_000);
  });

  it('aligns buckets on the epoch', () => {
    expect(bucketStart(12_345, 1000)).toBe(12_000);
    expect(bucketStart(300_000, 300_000)).toBe(300_000);
  });
});

describe("goploy's thinning of a report", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('keeps up to 60 rows whole', () => {
    expect(thinLikeGoploy(rows(60))).toEqual(rows(60));
    expect(thinLikeGoploy([])).toEqual([]);
  });

  it('keeps every n-th row (n = rows / 60) and the last one beyond', () => {
    const kept = thinLikeGoploy(rows(300));
    expect(kept).toHaveLength(60);
    expect(kept.slice(0, 3)).toEqual([5, 10, 15]);
    expect(kept.at(-1)).toBe(300);
    const odd = thinLikeGoploy(rows(301));
    expect(odd).toHaveLength(61);
    expect(odd.at(-1)).toBe(301);
  });

  it('as goploy, keeps all of 61 to 119 rows (n is 1 there)', () => {
    expect(thinLikeGoploy(rows(119))).toHaveLength(119);
    expect(thinLikeGoploy(rows(120))).toHaveLength(60);
  });
});
