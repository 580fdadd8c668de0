import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { isPostgres } from '../../db/migrations/helpers.js';
import { createDueClaims } from '../../infra/jobs/lease.js';
import type {
  MonitorCheckTable,
  MonitorIncidentTable,
  MonitorRollupTable,
  MonitorTable,
} from '../../db/schema.js';

export type MonitorRecord = Selectable<MonitorTable>;
export type IncidentRecord = Selectable<MonitorIncidentTable>;
export type CheckRecord = Insertable<MonitorCheckTable>;
export type RollupRecord = Selectable<MonitorRollupTable>;

/** One point of a chart: the checks of a bucket. */
export interface BucketRow {
  time: number;
  checks: number;
  failures: number;
  latency_min: number;
  latency_sum: number;
  latency_max: number;
}

const num = (v: unknown) => Number(v ?? 0);

export function createMonitorRepository(db: Db) {
  const pg = isPostgres(db as never);
  const least = pg ? 'least' : 'min';
  const greatest = pg ? 'greatest' : 'max';

  return {
    async insert(row: Insertable<MonitorTable>): Promise<number> {
      const r = await db
        .insertInto('monitor')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    byId: (id: number) =>
      db.selectFrom('monitor').selectAll().where('id', '=', id).executeTakeFirst(),

    list: (namespaceId: number) =>
      db
        .selectFrom('monitor')
        .selectAll()
        .where('namespace_id', '=', namespaceId)
        .orderBy('id', 'desc')
        .execute(),

    async update(id: number, set: Updateable<MonitorTable>): Promise<void> {
      await db.updateTable('monitor').set(set).where('id', '=', id).execute();
    },

    /** The monitor, its results, roll-ups and outages. */
    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('monitor_check').where('monitor_id', '=', id).execute();
        await tx.deleteFrom('monitor_rollup').where('monitor_id', '=', id).execute();
        await tx.deleteFrom('monitor_incident').where('monitor_id', '=', id).execute();
        await tx.deleteFrom('monitor').where('id', '=', id).execute();
      });
    },

    /** Percent of passing checks per monitor since each of `since` (from the hour roll-ups). */
    async uptime(ids: number[], since: number[]): Promise<Map<number, (number | null)[]>> {
      const out = new Map<number, (number | null)[]>();
      if (ids.length === 0) return out;
      const oldest = Math.min(...since);
      const rows = await db
        .selectFrom('monitor_rollup')
        .select(['monitor_id', 'time', 'checks', 'failures'])
        .where('span', '=', 3600)
        .where('monitor_id', 'in', ids)
        .where('time', '>=', oldest)
        .execute();
      const sums = new Map<number, { checks: number; failures: number }[]>();
      for (const r of rows) {
        const per = sums.get(r.monitor_id) ?? since.map(() => ({ checks: 0, failures: 0 }));
        since.forEach((s, i) => {
          if (r.time >= s) {
            per[i]!.checks += num(r.checks);
            per[i]!.failures += num(r.failures);
          }
        });
        sums.set(r.monitor_id, per);
      }
      for (const id of ids) {
        const per = sums.get(id);
        out.set(
          id,
          since.map((_, i) => {
            const p = per?.[i];
            if (!p || p.checks === 0) return null;
            return Math.round(((p.checks - p.failures) / p.checks) * 10_000) / 100;
          }),
        );
      }
      return out;
    },

    /** Monitors due now whose check no console is running, whole: the check needs no second read. */
    due: (now: number, limit: number) =>
      db
        .selectFrom('monitor')
        .selectAll()
        .where('state', '=', 1)
        .where('next_check', '<=', now)
        .where('lease_until', '<=', now)
        .orderBy('next_check')
        .limit(limit)
        .execute(),

    /** Writes the state after a check and gives the lease up, if this console still holds it. */
    async settle(id: number, owner: string, set: Updateable<MonitorTable>): Promise<boolean> {
      const r = await db
        .updateTable('monitor')
        .set({ ...set, lease_owner: '', lease_until: 0, version: sql`version + 1` })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    ...createDueClaims(db, 'monitor', { key: 'id', due: 'next_check', scope: sql`state = 1` }),

    incidents: {
      async open(row: Insertable<MonitorIncidentTable>): Promise<number> {
        const r = await db
          .insertInto('monitor_incident')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        return r.id;
      },
      async update(id: number, set: Updateable<MonitorIncidentTable>): Promise<void> {
        await db.updateTable('monitor_incident').set(set).where('id', '=', id).execute();
      },
      async addAlert(id: number): Promise<void> {
        await db
          .updateTable('monitor_incident')
          .set({ alerts_sent: sql`alerts_sent + 1` })
          .where('id', '=', id)
          .execute();
      },
      async page(monitorId: number, page: number, rows: number) {
        const base = db.selectFrom('monitor_incident').where('monitor_id', '=', monitorId);
        const list = await base
          .selectAll()
          .orderBy('start_time', 'desc')
          .orderBy('id', 'desc')
          .limit(rows)
          .offset((page - 1) * rows)
          .execute();
        const total = await base.select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
        return { list, total: num(total.n) };
      },
    },

    /** Writes results and adds them to the roll-ups, in one transaction. */
    async writeResults(checks: CheckRecord[], rollups: RollupRecord[]): Promise<void> {
      if (checks.length === 0 && rollups.length === 0) return;
      await db.transaction().execute(async (tx) => {
        // A monitor removed while its check ran leaves nothing behind (pruning goes by monitor).
        const ids = [...new Set([...checks, ...rollups].map((r) => r.monitor_id))];
        const rows = await tx.selectFrom('monitor').select('id').where('id', 'in', ids).execute();
        const live = new Set(rows.map((r) => r.id));
        checks = checks.filter((c) => live.has(c.monitor_id));
        rollups = rollups.filter((r) => live.has(r.monitor_id));
        for (let i = 0; i < checks.length; i += 500) {
          await tx
            .insertInto('monitor_check')
            .values(checks.slice(i, i + 500))
            .execute();
        }
        for (let i = 0; i < rollups.length; i += 500) {
          await tx
            .insertInto('monitor_rollup')
            .values(rollups.slice(i, i + 500))
            .onConflict((oc) =>
              oc.columns(['monitor_id', 'span', 'time']).doUpdateSet({
                checks: sql`monitor_rollup.checks + excluded.checks`,
                failures: sql`monitor_rollup.failures + excluded.failures`,
                latency_min: sql`${sql.raw(least)}(monitor_rollup.latency_min, excluded.latency_min)`,
                latency_sum: sql`monitor_rollup.latency_sum + excluded.latency_sum`,
                latency_max: sql`${sql.raw(greatest)}(monitor_rollup.latency_max, excluded.latency_max)`,
              }),
            )
            .execute();
        }
      });
    },

    /** Raw results from `from`, in buckets of `stepMs`. */
    async rawBuckets(monitorId: number, from: number, stepMs: number): Promise<BucketRow[]> {
      const bucket = sql<number>`(time / ${sql.lit(stepMs)}) * ${sql.lit(stepMs)}`;
      const rows = await db
        .selectFrom('monitor_check')
        .select([
          bucket.as('time'),
          (e) => e.fn.countAll().as('checks'),
          sql<number>`sum(case when ok = 0 then 1 else 0 end)`.as('failures'),
          (e) => e.fn.min('latency_ms').as('latency_min'),
          (e) => e.fn.sum('latency_ms').as('latency_sum'),
          (e) => e.fn.max('latency_ms').as('latency_max'),
        ])
        .where('monitor_id', '=', monitorId)
        .where('time', '>=', from)
        .groupBy(bucket)
        .orderBy(bucket)
        .execute();
      return rows.map(bucketOf);
    },

    /**
     * The raw results of several monitors from `from`, in buckets of `stepMs`: per bucket the
     * passing checks and their latency sum (a failed check's latency is left out).
     */
    async sparkBuckets(ids: number[], from: number, stepMs: number) {
      if (ids.length === 0) return [];
      const bucket = sql<number>`(time / ${sql.lit(stepMs)}) * ${sql.lit(stepMs)}`;
      const rows = await db
        .selectFrom('monitor_check')
        .select([
          'monitor_id',
          bucket.as('time'),
          sql<number>`sum(case when ok = 0 then 0 else 1 end)`.as('passed'),
          sql<number>`sum(case when ok = 0 then 0 else latency_ms end)`.as('latency_sum'),
        ])
        .where('monitor_id', 'in', ids)
        .where('time', '>=', from)
        .groupBy(['monitor_id', bucket])
        .orderBy('monitor_id')
        .orderBy(bucket)
        .execute();
      return rows.map((r) => ({
        monitorId: num(r.monitor_id),
        time: num(r.time),
        passed: num(r.passed),
        latencySum: num(r.latency_sum),
      }));
    },

    /** Roll-ups of `span` seconds from `from`, in buckets of `stepMs`. */
    async rollupBuckets(
      monitorId: number,
      span: number,
      from: number,
      stepMs: number,
    ): Promise<BucketRow[]> {
      const bucket = sql<number>`(time / ${sql.lit(stepMs)}) * ${sql.lit(stepMs)}`;
      const rows = await db
        .selectFrom('monitor_rollup')
        .select([
          bucket.as('time'),
          (e) => e.fn.sum('checks').as('checks'),
          (e) => e.fn.sum('failures').as('failures'),
          (e) => e.fn.min('latency_min').as('latency_min'),
          (e) => e.fn.sum('latency_sum').as('latency_sum'),
          (e) => e.fn.max('latency_max').as('latency_max'),
        ])
        .where('monitor_id', '=', monitorId)
        .where('span', '=', span)
        .where('time', '>=', from)
        .groupBy(bucket)
        .orderBy(bucket)
        .execute();
      return rows.map(bucketOf);
    },

    /** Removes raw results before `checksBefore` and roll-ups of each span before its time. */
    async prune(checksBefore: number, rollupsBefore: Record<number, number>): Promise<number> {
      // Per monitor, along the (monitor_id, time) index: results carry no index of their own.
      const ids = await db.selectFrom('monitor').select('id').execute();
      let removed = 0;
      for (const { id } of ids) {
        const r = await db
          .deleteFrom('monitor_check')
          .where('monitor_id', '=', id)
          .where('time', '<', checksBefore)
          .executeTakeFirst();
        removed += Number(r.numDeletedRows);
      }
      for (const [span, before] of Object.entries(rollupsBefore)) {
        await db
          .deleteFrom('monitor_rollup')
          .where('span', '=', Number(span))
          .where('time', '<', before)
          .execute();
      }
      return removed;
    },
  };
}

function bucketOf(r: Record<string, unknown>): BucketRow {
  return {
    time: num(r.time),
    checks: num(r.checks),
    failures: num(r.failures),
    latency_min: num(r.latency_min),
    latency_sum: num(r.latency_sum),
    latency_max: num(r.latency_max),
  };
}

export type MonitorRepository = ReturnType<typeof createMonitorRepository>;
