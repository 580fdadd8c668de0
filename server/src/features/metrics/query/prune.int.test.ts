import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { warmTestDb } from '../../../../test/server-fixtures.js';
import { openTestDb, type TestDb } from '../../../../test/test-db.js';
import { loadConfig } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { pruneMetrics } from './prune.js';

beforeAll(() => warmTestDb(), 60_000);

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12, 34, 56);

// The passes run on a database alone: a console would also prune at start, on its own, and on
// PostgreSQL that pass could take rows the test's pass is counting.
let testDb: TestDb | undefined;
afterEach(() => testDb?.release());
async function emptyDb(): Promise<Db> {
  testDb = await openTestDb();
  return testDb.db;
}

/** The retention the console takes from these settings (the defaults without any). */
const retention = (env: Record<string, string> = {}) => loadConfig(env).retention.metrics;

/** Per day of age, `perDay` raw samples and a 5-minute and a 1-hour roll-up of two servers. */
async function fill(db: Db, ages: number[], perDay = 3) {
  const now = NOW;
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
  await db.insertInto('server_metric').values(raw).execute();
  await db.insertInto('server_metric_rollup').values(rollups).execute();
  await db
    .insertInto('agent_report_seen')
    .values([
      { server_id: 1, sign: 'old', expires: now - 1 },
      { server_id: 1, sign: 'live', expires: now + 30_000 },
    ])
    .execute();
}

const count = async (db: Db, table: 'server_metric' | 'server_metric_rollup', span?: number) => {
  let q = db.selectFrom(table).select((e) => e.fn.countAll().as('n'));
  if (span !== undefined) q = q.where('span' as never, '=', span as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('metrics pruning', () => {
  it('removes raw samples after 14 days, 5-minute roll-ups after 35, hourly after 365, expired signatures', async () => {
    const db = await emptyDb();
    await fill(db, [1, 13, 15, 34, 36, 364, 366]);
    expect(await pruneMetrics(db, retention(), NOW)).toEqual({
      raw: 2 * 5 * 3,
      fiveMinute: 2 * 3,
      hour: 2,
      reportsSeen: 1,
    });
    expect(await count(db, 'server_metric')).toBe(2 * 2 * 3);
    expect(await count(db, 'server_metric_rollup', 300)).toBe(2 * 4);
    expect(await count(db, 'server_metric_rollup', 3600)).toBe(2 * 6);
    const seen = await db.selectFrom('agent_report_seen').select('sign').execute();
    expect(seen.map((s) => s.sign)).toEqual(['live']);
    expect(await pruneMetrics(db, retention(), NOW)).toEqual({
      raw: 0,
      fiveMinute: 0,
      hour: 0,
      reportsSeen: 0,
    });
  });

  it('follows the retention settings, 0 keeping everything', async () => {
    const db = await emptyDb();
    const settings = retention({
      FERRY_METRIC_RAW_RETENTION_DAYS: '0',
      FERRY_METRIC_5M_RETENTION_DAYS: '2',
      FERRY_METRIC_ROLLUP_RETENTION_DAYS: '0',
    });
    await fill(db, [1, 3, 400]);
    expect(await pruneMetrics(db, settings, NOW)).toMatchObject({
      raw: 0,
      fiveMinute: 2 * 2,
      hour: 0,
    });
    expect(await count(db, 'server_metric')).toBe(2 * 3 * 3);
  });

  it('deletes a backlog in bounded batches, each its own statement, until none is left', async () => {
    const db = await emptyDb();
    await fill(db, [20, 21, 22, 23, 24, 25, 26, 27, 28, 29], 10);
    const statements: string[] = [];
    const counting = db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'RawNode') statements.push(String(args.node.sqlFragments[0]));
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const rawOnly = { rawDays: 14, fiveMinuteDays: 0, hourDays: 0 };
    const pruned = await pruneMetrics(counting, rawOnly, NOW, 30);
    expect(pruned.raw).toBe(2 * 10 * 10);
    expect(await count(db, 'server_metric')).toBe(0);
    // 200 rows in batches of about 30 (a batch also takes the rows at its last time).
    const deletes = statements.filter((s) => s.trim().startsWith('delete'));
    expect(deletes.length).toBeGreaterThanOrEqual(7);
    expect(deletes.length).toBeLessThanOrEqual(10);
  });
});
