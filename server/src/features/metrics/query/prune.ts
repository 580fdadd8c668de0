import { sql, type RawBuilder } from 'kysely';
import type { MetricRetention } from '../../../config.js';
import type { Db } from '../../../db/database.js';

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
 * Removes the rows of `table` with `column` before `cutoff`, oldest first, in deletes of about
 * `batch` rows along the column's index, each its own statement: a big backlog never holds the
 * database for long, and a pass cut off halfway is finished by the next one.
 */
async function deleteBefore(
  db: Db,
  table: string,
  column: string,
  cutoff: number,
  batch: number,
  also: RawBuilder<unknown> = sql``,
): Promise<number> {
  const t = sql.table(table);
  const c = sql.ref(column);
  let removed = 0;
  for (;;) {
    // The batch's last time: the index walks `batch` entries to it.
    const { rows } = await sql<{ edge: unknown }>`
      select ${c} as edge from ${t} where ${c} < ${cutoff} ${also}
      order by ${c} limit 1 offset ${batch - 1}`.execute(db);
    const edge = rows[0] ? Number(rows[0].edge) : cutoff - 1;
    const r = await sql`delete from ${t} where ${c} <= ${edge} ${also}`.execute(db);
    removed += Number(r.numAffectedRows ?? 0);
    if (!rows[0]) return removed;
  }
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
