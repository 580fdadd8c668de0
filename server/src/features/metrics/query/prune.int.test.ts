import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { warmTestDb } from '../../../../test/server-fixtures.js';
import { pruneMetrics } from './prune.js';

beforeAll(() => warmTestDb(), 60_000);

const DAY = 86_400_000;
let t: TestApp | undefined;
afterEach(() => t?.close());

/** Per day of age, `perDay` raw samples and a 5-minute and a 1-hour roll-up of two servers. */
async function fill(app: TestApp, ages: number[], perDay = 3) {
  const now = app.clock.now();
  const raw = [];
  const rollups = [];
  for (const server_id of [1, 2]) {
    for (const age of ages) {
      for (let i = 0; i < perDay; i += 1) {
        const time = now - age * DAY - i * 60_000;
        raw.push({ server_id, item: 'cpu_usage', time, type: 1, value: i });
      }
      const time = now - age * DAY - (now % 3_600_000);
      for (const span of [300, 3600]) {
        rollups.push({
          server_id,
          span,
          item: 'cpu_usage',
          time,
          type: 1,
          count: 1,
          min: 1,
          sum: 1,
          max: 1,
        });
      }
    }
  }
  await app.db.insertInto('server_metric').values(raw).execute();
  await app.db.insertInto('server_metric_rollup').values(rollups).execute();
  await app.db
    .insertInto('agent_report_seen')
    .values([
      { server_id: 1, sign: 'old', expires: now - 1 },
      { server_id: 1, sign: 'live', expires: now + 30_000 },
    ])
    .execute();
}

const count = async (
  app: TestApp,
  table: 'server_metric' | 'server_metric_rollup',
  span?: number,
) => {
  let q = app.db.selectFrom(table).select((e) => e.fn.countAll().as('n'));
  if (span !== undefined) q = q.where('span' as never, '=', span as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('metrics pruning', () => {
  it('removes raw samples after 14 days, 5-minute roll-ups after 35, hourly after 365, expired signatures', async () => {
    t = await buildTestApp();
    await fill(t, [1, 13, 15, 34, 36, 364, 366]);
    expect(await t.pruneMetrics()).toEqual({
      raw: 2 * 5 * 3,
      fiveMinute: 2 * 3,
      hour: 2,
      reportsSeen: 1,
    });
    expect(await count(t, 'server_metric')).toBe(2 * 2 * 3);
    expect(await count(t, 'server_metric_rollup', 300)).toBe(2 * 4);
    expect(await count(t, 'server_metric_rollup', 3600)).toBe(2 * 6);
    const seen = await t.db.selectFrom('agent_report_seen').select('sign').execute();
    expect(seen.map((s) => s.sign)).toEqual(['live']);
    expect(await t.pruneMetrics()).toEqual({ raw: 0, fiveMinute: 0, hour: 0, reportsSeen: 0 });
  });

  it('follows the retention settings, 0 keeping everything', async () => {
    t = await buildTestApp({
      FERRY_METRIC_RAW_RETENTION_DAYS: '0',
      FERRY_METRIC_5M_RETENTION_DAYS: '2',
      FERRY_METRIC_ROLLUP_RETENTION_DAYS: '0',
    });
    await fill(t, [1, 3, 400]);
    expect(await t.pruneMetrics()).toMatchObject({ raw: 0, fiveMinute: 2 * 2, hour: 0 });
    expect(await count(t, 'server_metric')).toBe(2 * 3 * 3);
  });

  it('deletes a backlog in bounded batches, each its own statement, until none is left', async () => {
    t = await buildTestApp();
    await fill(t, [20, 21, 22, 23, 24, 25, 26, 27, 28, 29], 10);
    const statements: string[] = [];
    const counting = t.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'RawNode') statements.push(String(args.node.sqlFragments[0]));
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const retention = { rawDays: 14, fiveMinuteDays: 0, hourDays: 0 };
    const pruned = await pruneMetrics(counting, retention, t.clock.now(), 30);
    expect(pruned.raw).toBe(2 * 10 * 10);
    expect(await count(t, 'server_metric')).toBe(0);
    // 200 rows in batches of about 30 (a batch also takes the rows at its last time).
    const deletes = statements.filter((s) => s.trim().startsWith('delete'));
    expect(deletes.length).toBeGreaterThanOrEqual(7);
    expect(deletes.length).toBeLessThanOrEqual(10);
  });
});
