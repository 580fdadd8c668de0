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

    /** The groups recorded by jobs still marked running. */
    async ofRunningJobs(): Promise<Array<ProcessGroupMark & { jobId: number }>> {
      const rows = await db
        .selectFrom('job_process_group as g')
        .innerJoin('job', 'job.id', 'g.job_id')
        .select(['g.job_id', 'g.pgid', 'g.start_ticks', 'g.boot_id'])
        .where('job.status', '=', 'running')
        .orderBy('g.id')
        .execute();
      return rows.map((r) => ({
        jobId: r.job_id,
        pgid: r.pgid,
        startTicks: r.start_ticks,
        bootId: r.boot_id,
      }));
    },

    async clear(): Promise<void> {
      await db.deleteFrom('job_process_group').execute();
    },
  };
}

export type JobProcessRepository = ReturnType<typeof createJobProcessRepository>;
