import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { endProcessGroup, markProcessGroup } from '../process/process-group.js';
import type { SpawnWatcher } from '../process/spawn-watch.js';
import { createJobProcessRepository } from './job-process.repository.js';

type Log = { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };

/**
 * The local programs of running jobs, kept in the database while they run: a console that dies
 * leaves them running in their own process groups (a build in a working copy the next deploy of
 * the project uses), and the next start ends them before any job runs.
 */
export function createJobProcesses(deps: { db: Db; clock: Clock; log: Log }) {
  const repo = createJobProcessRepository(deps.db);
  /** Per job, its pending writes: a removal waits for its own insert. */
  const writes = new Map<number, Promise<void>>();

  const queueWrite = (jobId: number, write: () => Promise<void>) => {
    const next = (writes.get(jobId) ?? Promise.resolve()).then(write).catch((err: unknown) => {
      deps.log.error({ err, jobId }, 'recording a job process failed');
    });
    writes.set(jobId, next);
    return next;
  };

  return {
    /** Records every program the job starts until it ends. */
    watcherOf(jobId: number): SpawnWatcher {
      return {
        started(pid) {
          const mark = markProcessGroup(pid);
          if (mark) void queueWrite(jobId, () => repo.add(jobId, mark, deps.clock.now()));
        },
        ended(pid) {
          void queueWrite(jobId, () => repo.remove(jobId, pid));
        },
      };
    },

    /** The job is over: whatever it recorded is forgotten. */
    async finished(jobId: number): Promise<void> {
      await queueWrite(jobId, () => repo.removeOfJob(jobId));
      writes.delete(jobId);
    },

    /**
     * Jobs whose console died (found by another, or by itself at its next start), before another
     * job of theirs runs: ends the groups they left running on this host (a build in a working
     * copy the next deploy of the project uses). Groups of another host or boot are left alone.
     */
    async endLeftovers(jobIds: readonly number[]): Promise<void> {
      for (const mark of await repo.ofJobs(jobIds)) {
        try {
          if (await endProcessGroup(mark)) {
            deps.log.warn?.(
              { jobId: mark.jobId, pgid: mark.pgid },
              'ended a leftover process group',
            );
          }
        } catch (err) {
          deps.log.error({ err, jobId: mark.jobId }, 'ending a leftover process group failed');
        }
      }
      for (const id of jobIds) await repo.removeOfJob(id);
    },
  };
}

export type JobProcesses = ReturnType<typeof createJobProcesses>;
