import { randomUUID } from 'node:crypto';
import { Perm, TaskResult } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { Leases } from '../../infra/jobs/lease.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import { nextCronRun } from './task-times.js';
import type { TaskRecord, TaskRepository } from './task.repository.js';

/** How long a console may hold a task while it queues the task's deploy. */
const LEASE_MS = 60_000;
/** A run that starts this long after its time is marked late (the console was down then). */
export const LATE_AFTER_MS = 60_000;
const BATCH = 50;

/**
 * Runs due scheduled deploys, each exactly once however many consoles share the database.
 *
 * A console claims a task by its lease (`infra/jobs/lease.ts`), then takes the due time in one
 * conditional update that also writes the next time and the new run's deploy token with the
 * result `pending`; only then does it queue the deploy, with that token, and record `queued`.
 * Whoever loses the claim or the update does nothing; a console that dies after taking the time
 * leaves a `pending` run whose lease runs out, and the next pass queues its deploy unless a
 * deploy with that token already exists. A missed time runs once, however many passed.
 */
export function createTaskRunner(deps: {
  tasks: TaskRepository;
  leases: Leases;
  projects: Pick<ProjectAccess, 'findLive'>;
  deploy: Pick<DeployApi, 'publishAs' | 'exists'>;
  /** Whether an enabled user holds a permission in a namespace now. */
  holds: (userId: number, namespaceId: number, permission: number) => Promise<boolean>;
  clock: Clock;
}) {
  const { tasks, leases, clock } = deps;

  /** Queues the deploy of the run `t.last_token` took, unless it was queued before. */
  async function finish(t: TaskRecord): Promise<void> {
    const token = t.last_token;
    const settle = (result: TaskResult, error = '') => tasks.settle(t.id, token, result, error);
    if (await deps.deploy.exists(token)) return settle(TaskResult.queued);
    if (t.state !== 1) return settle(TaskResult.skipped, 'task_removed');
    const row = await deps.projects.findLive(t.project_id, t.namespace_id);
    if (!row) return settle(TaskResult.skipped, 'project_removed');
    // The deploy runs in its creator's name: not once they are disabled, gone or lose the right.
    if (!(await deps.holds(t.creator_id, t.namespace_id, Perm.DeployTask))) {
      return settle(TaskResult.skipped, 'creator_not_allowed');
    }
    try {
      await deps.deploy.publishAs(
        row,
        { id: t.creator_id, name: t.creator },
        {
          projectId: row.id,
          branch: t.branch,
          commit: t.commit_id,
          serverIds: [],
          customVariables: [],
        },
        'schedule',
        token,
      );
    } catch (err) {
      // A deploy that cannot start (no server bound, say) is recorded, not retried.
      if (!(err instanceof AppError)) throw err;
      return settle(TaskResult.skipped, err.message);
    }
    return settle(TaskResult.queued);
  }

  /** Takes the task's due time: the next one (none for a one-off), and a new run. */
  async function start(t: TaskRecord, now: number): Promise<void> {
    const token = randomUUID();
    const taken = await tasks.advance(t.id, leases.owner, t.next_run, {
      next_run: t.cron ? nextCronRun(t.cron, now) : 0,
      is_run: t.cron ? 0 : 1,
      last_run: now,
      late: now - t.next_run > LATE_AFTER_MS ? 1 : 0,
      last_token: token,
      last_result: TaskResult.pending,
      last_error: '',
    });
    if (taken) await finish({ ...t, last_token: token });
  }

  async function runOne(id: number): Promise<void> {
    const now = clock.now();
    if (!(await leases.claim(id, now, LEASE_MS))) return;
    try {
      // Read again under the lease: another console may have run or removed it meanwhile.
      const t = await tasks.byId(id);
      if (t?.last_result === TaskResult.pending) await finish(t);
      else if (t && t.state === 1 && t.next_run > 0 && t.next_run <= now) await start(t, now);
    } finally {
      await leases.release(id);
    }
  }

  /** One pass: every task due now, one after another. */
  const runDue = async (): Promise<void> => {
    const due = await tasks.due(clock.now(), BATCH);
    for (const { id } of due) await runOne(id);
  };
  return { runDue };
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
