import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { warmTestDb } from '../../../test/server-fixtures.js';
import { pruneCronRuns } from './cron-prune.js';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  await warmTestDb();
  // The console's own pruning pass (at start, then hourly) is off: this test calls it itself, and
  // a pass of the console's racing it would take the rows it counts.
  t = await buildTestApp({ FERRY_CRON_LOG_RETENTION_DAYS: '0' });
}, 60_000);
afterAll(() => t?.close());

describe('pruning cron runs', () => {
  it('removes the runs that ended before the retention, in batches, and keeps the others', async () => {
    const now = t.clock.now();
    const ages = [0.5, 10, 29, 31, 45, 400];
    const rows = ages.flatMap((age, i) =>
      Array.from({ length: 3 }, (_, k) => ({
        cron_id: 1,
        server_id: 1,
        run_key: `1-${i}-${k}`,
        exec_code: 0,
        start_time: now - age * DAY - 1000,
        report_time: now - age * DAY,
        insert_time: now,
      })),
    );
    await t.db.insertInto('cron_log').values(rows).execute();
    expect(await pruneCronRuns(t.db, 0, now)).toBe(0);
    expect(await pruneCronRuns(t.db, 30, now)).toBe(9);
    const left = await t.db.selectFrom('cron_log').select('report_time').execute();
    expect(left).toHaveLength(9);
    expect(left.every((r) => Number(r.report_time) >= now - 30 * DAY)).toBe(true);
    expect(await pruneCronRuns(t.db, 30, now)).toBe(0);
  });
});
