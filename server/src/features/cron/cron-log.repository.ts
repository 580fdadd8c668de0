import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CronLogTable } from '../../db/schema-cron.js';
import type { RunRecord } from './remote/run-record.js';

export type CronLogRecord = Selectable<CronLogTable>;

/** `cron_log`: the runs read from the servers, each stored once (`server_id`, `run_key`). */
export function createCronLogRepository(db: Db) {
  return {
    /**
     * Stores the records of jobs on `serverId` (records of other jobs are dropped); a record
     * stored already is ignored. Answers the rows this call inserted.
     */
    async store(
      serverId: number,
      records: readonly RunRecord[],
      now: number,
    ): Promise<CronLogRecord[]> {
      const ids = [...new Set(records.map((r) => r.cronId))];
      if (ids.length === 0) return [];
      const known = await db
        .selectFrom('cron')
        .select('id')
        .where('server_id', '=', serverId)
        .where('id', 'in', ids)
        .execute();
      const jobs = new Set(known.map((k) => Number(k.id)));
      const rows = records
        .filter((r) => jobs.has(r.cronId))
        .map((r) => ({
          cron_id: r.cronId,
          server_id: serverId,
          run_key: r.name,
          exec_code: r.code,
          message: r.message,
          start_time: r.startTime,
          report_time: r.endTime,
          duration_ms: r.endTime - r.startTime,
          skipped: r.skipped ? 1 : 0,
          insert_time: now,
        }));
      if (rows.length === 0) return [];
      return db
        .insertInto('cron_log')
        .values(rows)
        .onConflict((oc) => oc.columns(['server_id', 'run_key']).doNothing())
        .returningAll()
        .execute();
    },

    /** A job's runs, newest first, and how many there are. */
    async page(cronId: number, page: number, rows: number) {
      const [list, count] = await Promise.all([
        db
          .selectFrom('cron_log')
          .selectAll()
          .where('cron_id', '=', cronId)
          .orderBy('start_time', 'desc')
          .orderBy('id', 'desc')
          .limit(rows)
          .offset((page - 1) * rows)
          .execute(),
        db
          .selectFrom('cron_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('cron_id', '=', cronId)
          .executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },

    /** The last run of each of the jobs. */
    async lastRuns(cronIds: readonly number[]): Promise<Map<number, CronLogRecord>> {
      if (cronIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('cron_log as l')
        .selectAll('l')
        .where('l.cron_id', 'in', cronIds)
        .where((eb) =>
          eb(
            'l.id',
            '=',
            eb
              .selectFrom('cron_log as m')
              .select((s) => s.fn.max('m.id').as('id'))
              .whereRef('m.cron_id', '=', 'l.cron_id'),
          ),
        )
        .execute();
      return new Map(rows.map((r) => [Number(r.cron_id), r]));
    },
  };
}

export type CronLogRepository = ReturnType<typeof createCronLogRepository>;
