import type { Db } from '../../db/database.js';
import type { ProcessGroupMark } from '../process/process-group.js';

/** The marks of the local process groups running jobs started (see JobProcessGroupTable). */
export function createJobProcessRepository(db: Db) {
  return {
    async add(jobId: number, mark: ProcessGroupMark, now: number): Promise<void> {
      await db
        .insertInto('job_process_group')
        .values({
          job_id: jobId,
          pgid: mark.pgid,
          start_ticks: mark.startTicks,
          boot_id: mark.bootId,
          insert_time: now,
        })
        .execute();
    },

    async remove(jobId: number, pgid: number): Promise<void> {
      await db
        .deleteFrom('job_process_group')
        .where('job_id', '=', jobId)
        .where('pgid', '=', pgid)
        .execute();
    },

    async removeOfJob(jobId: number): Promise<void> {
      await db.deleteFrom('job_process_group').where('job_id', '=', jobId).execute();
    },

    /** The groups recorded by these jobs. */
    async ofJobs(jobIds: readonly number[]): Promise<Array<ProcessGroupMark & { jobId: number }>> {
      if (jobIds.length === 0) return [];
      const rows = await db
        .selectFrom('job_process_group')
        .select(['id', 'job_id', 'pgid', 'start_ticks', 'boot_id'])
        .where('job_id', 'in', [...jobIds])
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        jobId: r.job_id,
        pgid: r.pgid,
        startTicks: r.start_ticks,
        bootId: r.boot_id,
      }));
    },
  };
}

export type JobProcessRepository = ReturnType<typeof createJobProcessRepository>;
