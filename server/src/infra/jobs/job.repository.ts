import type { Db } from '../../db/database.js';
import { capError, jobOfRow, type Job, type JobStatus } from './job.js';

export interface NewJob {
  kind: string;
  groupKey: string;
  namespaceId: number;
  token: string;
  payload: unknown;
  insertTime: number;
}

/** What a status change writes besides the status. */
export interface JobChange {
  status: JobStatus;
  error?: string;
  startTime?: number;
  endTime?: number;
}

export function createJobRepository(db: Db) {
  return {
    async insert(job: NewJob): Promise<number> {
      const { id } = await db
        .insertInto('job')
        .values({
          kind: job.kind,
          group_key: job.groupKey,
          namespace_id: job.namespaceId,
          token: job.token,
          payload: JSON.stringify(job.payload ?? null),
          status: 'queued',
          error: '',
          insert_time: job.insertTime,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async find(id: number): Promise<Job | undefined> {
      const row = await db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
      return row && jobOfRow(row);
    },

    /** Every job in one status, oldest first. */
    async listByStatus(status: JobStatus): Promise<Job[]> {
      const rows = await db
        .selectFrom('job')
        .selectAll()
        .where('status', '=', status)
        .orderBy('id')
        .execute();
      return rows.map(jobOfRow);
    },

    /**
     * Moves a job from `from` to another status, only if it is still in `from`: of a claim and a
     * cancel racing for one queued job, exactly one wins. The changed job, or undefined when it
     * was not in `from` any more.
     */
    async transition(id: number, from: JobStatus, change: JobChange): Promise<Job | undefined> {
      const row = await db
        .updateTable('job')
        .set({
          status: change.status,
          ...(change.error !== undefined && { error: capError(change.error) }),
          ...(change.startTime !== undefined && { start_time: change.startTime }),
          ...(change.endTime !== undefined && { end_time: change.endTime }),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
      return row && jobOfRow(row);
    },

    /** For a queued job, how many jobs of its group run or wait before it; else undefined. */
    async aheadOf(id: number): Promise<number | undefined> {
      const job = await db
        .selectFrom('job')
        .select(['group_key', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (job?.status !== 'queued') return undefined;
      const { n } = await db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('group_key', '=', job.group_key)
        .where((eb) =>
          eb.or([
            // Not itself: the job may start between the two reads (another connection).
            eb.and([eb('status', '=', 'running'), eb('id', '<>', id)]),
            eb.and([eb('status', '=', 'queued'), eb('id', '<', id)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
