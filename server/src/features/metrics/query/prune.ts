import { sql } from 'kysely';
import type { MetricRetention } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { deleteBefore } from '../../../db/delete-before.js';

const DAY = 86_400_000;

/** Rows one delete removes at most (plus those sharing the batch's last time). */
export const PRUNE_BATCH_ROWS = 5000;

/** What one pass removed. */
export interface MetricsPruned {
  raw: number;
  fiveMinute: number;
  hour: number;
  reportsSeen: number;
}

/**
 * One pruning pass at `now`: raw samples, 5-minute and 1-hour roll-ups past their retention (0
 * keeps them), and agent report signatures past their expiry.
 */
export async function pruneMetrics(
  db: Db,
  retention: MetricRetention,
  now: number,
  batch = PRUNE_BATCH_ROWS,
): Promise<MetricsPruned> {
  const before = (days: number) => now - days * DAY;
  const rollups = (span: number, days: number) =>
    days > 0
      ? deleteBefore(
          db,
          'server_metric_rollup',
          'time',
          before(days),
          batch,
          sql`and span = ${span}`,
        )
      : Promise.resolve(0);
  return {
    raw:
      retention.rawDays > 0
        ? await deleteBefore(db, 'server_metric', 'time', before(retention.rawDays), batch)
        : 0,
    fiveMinute: await rollups(300, retention.fiveMinuteDays),
    hour: await rollups(3600, retention.hourDays),
    reportsSeen: await deleteBefore(db, 'agent_report_seen', 'expires', now, batch),
  };
}
