import { METRIC_ROLLUP_SPANS } from '@ferry/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { isPostgres } from '../../../db/migrations/helpers.js';
import type { MetricSample } from '../metrics-deps.js';

/** Rows of one insert statement at most (SQLite binds at most 32,766 values). */
const ROWS_PER_STATEMENT = 500;

/** The start of the `span`-second bucket holding `time` (epoch ms). */
export const bucketOf = (time: number, span: number) =>
  Math.floor(time / (span * 1000)) * span * 1000;

/** The last sample of each item wins when an item comes twice in one set. */
function oneEach(samples: readonly MetricSample[]): MetricSample[] {
  return [...new Map(samples.map((s) => [s.item, s])).values()];
}

/**
 * Stores the samples of a server taken at `time` in one transaction: the raw rows (one already
 * stored for that item and time is left as it was), then only the rows that were new are added
 * to the roll-ups of each span (count, min, sum, max), so a repeated report counts once.
 * Answers the samples stored.
 */
export async function storeSamples(
  db: Db,
  serverId: number,
  time: number,
  samples: readonly MetricSample[],
): Promise<MetricSample[]> {
  const rows = oneEach(samples).map((s) => ({ server_id: serverId, time, ...s }));
  if (rows.length === 0) return [];
  const pg = isPostgres(db as never);
  const lower = pg ? 'least' : 'min';
  const higher = pg ? 'greatest' : 'max';
  return db.transaction().execute(async (tx) => {
    const stored: MetricSample[] = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const added = await tx
        .insertInto('server_metric')
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflict((oc) => oc.columns(['server_id', 'item', 'time']).doNothing())
        .returning(['type', 'item', 'value'])
        .execute();
      stored.push(...(added as MetricSample[]));
    }
    for (const span of METRIC_ROLLUP_SPANS) {
      const bucket = bucketOf(time, span);
      for (let i = 0; i < stored.length; i += ROWS_PER_STATEMENT) {
        const values = stored.slice(i, i + ROWS_PER_STATEMENT).map((s) => ({
          server_id: serverId,
          span,
          item: s.item,
          time: bucket,
          type: s.type,
          count: 1,
          min: s.value,
          sum: s.value,
          max: s.value,
        }));
        await tx
          .insertInto('server_metric_rollup')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['server_id', 'span', 'item', 'time']).doUpdateSet({
              count: sql`server_metric_rollup.count + excluded.count`,
              min: sql`${sql.raw(lower)}(server_metric_rollup.min, excluded.min)`,
              sum: sql`server_metric_rollup.sum + excluded.sum`,
              max: sql`${sql.raw(higher)}(server_metric_rollup.max, excluded.max)`,
            }),
          )
          .execute();
      }
    }
    return stored;
  });
}

/**
 * Records the outcome of a collection in the server's source row (made with the defaults when it
 * has none): `ok` with the newest sample time, or `unreachable` with the reason.
 */
export async function markCollected(
  db: Db,
  serverId: number,
  outcome: { time: number; error?: string },
  now: number,
): Promise<void> {
  const ok = outcome.error === undefined;
  const set = ok
    ? { state: 'ok', last_error: '', update_time: now }
    : { state: 'unreachable', last_error: outcome.error!.slice(0, 4096), update_time: now };
  await db
    .insertInto('server_metric_source')
    .values({ server_id: serverId, ...set, ...(ok ? { last_sample_time: outcome.time } : {}) })
    .onConflict((oc) =>
      oc.column('server_id').doUpdateSet({
        ...set,
        ...(ok
          ? {
              last_sample_time: sql`case when server_metric_source.last_sample_time > ${outcome.time}
                then server_metric_source.last_sample_time else ${outcome.time} end`,
            }
          : {}),
      }),
    )
    .execute();
}
