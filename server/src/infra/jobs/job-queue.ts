import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { Job, JobHandler, JobQueue, JobStatus } from './job.js';
import { spawnWatch } from '../process/spawn-watch.js';
import { createJobProcesses } from './job-processes.js';
import { createJobRepository } from './job.repository.js';

export type { CancelResult, EnqueueInput, Job, JobHandler, JobQueue, JobStatus } from './job.js';

export interface JobQueueDeps {
  db: Db;
  clock: Clock;
  /** By job kind. */
  handlers: Record<string, JobHandler>;
  /** How many jobs run at once, over all groups. */
  concurrency: number;
  log?: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

/** A job this process has claimed (or is claiming), with what it needs to stop it. */
interface Entry {
  job: Job;
  controller: AbortController;
  /** Set by cancel(): the error the job ends with. */
  cancelReason?: string;
  /** Set by stop() once it gave up waiting and recorded the job as failed itself. */
  interrupted: boolean;
  /** Settles when the handler's run has settled and the outcome is recorded. */
  done: Promise<void>;
}

const DEFAULT_GRACE_MS = 30_000;
const RESTART_ERROR = 'interrupted by restart';
const SHUTDOWN_ERROR = 'interrupted by shutdown';

const consoleLog = {
  error: (obj: object, msg: string) => console.error(msg, obj),
  warn: (obj: object, msg: string) => console.warn(msg, obj),
};

/**
 * The durable job queue. The database is the source of truth for every status, so a restart
 * loses nothing queued; memory holds only the running jobs' abort controllers.
 *
 * Single process: the claim (a conditional update) keeps a cancel and a claim from both winning,
 * but the one-job-per-group rule is kept in memory. Several console processes sharing one
 * PostgreSQL would have to claim rows with `SELECT … FOR UPDATE SKIP LOCKED` and check the group
 * in the same statement, and the restart recovery would need per-process leases.
 */
export function createJobQueue(deps: JobQueueDeps): JobQueue {
  const repo = createJobRepository(deps.db);
  const log = deps.log ?? consoleLog;
  const processes = createJobProcesses({ db: deps.db, clock: deps.clock, log });
  const concurrency = Math.max(1, deps.concurrency);
  const entries = new Map<number, Entry>();
  /** groupKey → the id of its claimed job. */
  const busyGroups = new Map<string, number>();
  let state: 'new' | 'started' | 'stopped' = 'new';
  let pumping = false;
  let wanted = false;
  let pumpDone = Promise.resolve();
  let idleWaiters: Array<() => void> = [];

  const handlerOf = (kind: string) =>
    Object.hasOwn(deps.handlers, kind) ? deps.handlers[kind] : undefined;

  async function abandonSafely(job: Job, why: 'cancelled' | 'interrupted'): Promise<void> {
    try {
      await handlerOf(job.kind)?.abandon(job, why);
    } catch (err) {
      log.error({ err, jobId: job.id, kind: job.kind }, 'job abandon hook failed');
    }
  }

  function isIdle(): boolean {
    return !pumping && entries.size === 0;
  }

  function notifyIfIdle(): void {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Asks for a dispatch pass; passes never overlap, and a request during one runs another. */
  function kick(): void {
    wanted = true;
    if (pumping || state !== 'started') return;
    pumping = true;
    pumpDone = pump();
  }

  async function pump(): Promise<void> {
    while (wanted && state === 'started') {
      wanted = false;
      try {
        await dispatchOnce();
      } catch (err) {
        log.error({ err }, 'job dispatch failed');
      }
    }
    pumping = false;
    notifyIfIdle();
  }

  /** Claims queued jobs in id order, skipping groups that are busy, until the slots are full. */
  async function dispatchOnce(): Promise<void> {
    if (entries.size >= concurrency) return;
    for (const job of await repo.listByStatus('queued')) {
      if (entries.size >= concurrency || state !== 'started') return;
      if (!busyGroups.has(job.groupKey)) await claim(job);
    }
  }

  function forget(entry: Entry): void {
    if (entries.get(entry.job.id) === entry) entries.delete(entry.job.id);
    if (busyGroups.get(entry.job.groupKey) === entry.job.id) busyGroups.delete(entry.job.groupKey);
  }

  async function claim(queued: Job): Promise<void> {
    // Registered before the update, so a cancel that loses the race still finds the controller.
    const entry: Entry = {
      job: queued,
      controller: new AbortController(),
      interrupted: false,
      done: Promise.resolve(),
    };
    entries.set(queued.id, entry);
    busyGroups.set(queued.groupKey, queued.id);
    let claimed: Job | undefined;
    try {
      claimed = await repo.transition(queued.id, 'queued', {
        status: 'running',
        startTime: deps.clock.now(),
      });
    } finally {
      if (!claimed) forget(entry);
    }
    if (!claimed) return;
    entry.job = claimed;
    entry.done = execute(entry);
  }

  /** The error's message, or undefined when run resolved. Never throws. */
  async function runHandler(job: Job, signal: AbortSignal): Promise<string | undefined> {
    try {
      const handler = handlerOf(job.kind);
      if (!handler) throw new Error(`no handler for kind ${job.kind}`);
      // Every local program the job starts is recorded while it runs (see job-processes.ts).
      await spawnWatch.run(processes.watcherOf(job.id), () => handler.run(job, signal));
      return undefined;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** Runs a claimed job and records how it ended. Never rejects. */
  async function execute(entry: Entry): Promise<void> {
    const { job, controller } = entry;
    try {
      // Cancelled between the claim and here: it never starts, so it is abandoned.
      const neverStarted = controller.signal.aborted;
      const failure = neverStarted ? undefined : await runHandler(job, controller.signal);
      if (entry.interrupted) return;
      const outcome: { status: JobStatus; error: string } =
        entry.cancelReason !== undefined
          ? { status: 'cancelled', error: entry.cancelReason }
          : failure !== undefined
            ? { status: 'failed', error: failure }
            : { status: 'succeeded', error: '' };
      await repo.transition(job.id, 'running', { ...outcome, endTime: deps.clock.now() });
      if (neverStarted) await abandonSafely(job, 'cancelled');
    } catch (err) {
      log.error({ err, jobId: job.id }, 'recording the end of a job failed');
    } finally {
      await processes.finished(job.id);
      forget(entry);
      kick();
      notifyIfIdle();
    }
  }

  /** stop() gave up waiting: the job is recorded as failed now, whenever its run settles. */
  async function interrupt(entry: Entry): Promise<void> {
    entry.interrupted = true;
    entry.controller.abort(new Error(SHUTDOWN_ERROR));
    const failed = await repo.transition(entry.job.id, 'running', {
      status: 'failed',
      error: SHUTDOWN_ERROR,
      endTime: deps.clock.now(),
    });
    if (failed) await abandonSafely(failed, 'interrupted');
  }

  /** Jobs left 'running' by a process that died: they will never finish. */
  async function recoverInterrupted(): Promise<void> {
    for (const job of await repo.listByStatus('running')) {
      if (entries.has(job.id)) continue; // ours, from before a stop(): still settling
      const failed = await repo.transition(job.id, 'running', {
        status: 'failed',
        error: RESTART_ERROR,
        endTime: deps.clock.now(),
      });
      if (failed) await abandonSafely(failed, 'interrupted');
    }
  }

  return {
    async start() {
      if (state === 'started') return;
      // Before any job runs: a build left running would share the next one's working copy.
      await processes.endLeftovers();
      await recoverInterrupted();
      state = 'started';
      kick();
    },

    async enqueue(input) {
      const id = await repo.insert({
        kind: input.kind,
        groupKey: input.groupKey,
        namespaceId: input.namespaceId,
        token: input.token ?? '',
        payload: input.payload,
        insertTime: deps.clock.now(),
      });
      // Counted before dispatching, so a job that can start now reports 0 either way.
      const ahead = (await repo.aheadOf(id)) ?? 0;
      kick();
      return { id, ahead };
    },

    async cancel(id, by = 'user') {
      const reason = `cancelled by ${by}`;
      const cancelled = await repo.transition(id, 'queued', {
        status: 'cancelled',
        error: reason,
        endTime: deps.clock.now(),
      });
      if (cancelled) {
        await abandonSafely(cancelled, 'cancelled');
        return 'cancelled';
      }
      const entry = entries.get(id);
      if (!entry || entry.interrupted) return 'finished';
      if (entry.cancelReason === undefined) {
        entry.cancelReason = reason;
        entry.controller.abort(new Error(reason));
      }
      return 'cancelling';
    },

    ahead: (id) => repo.aheadOf(id),

    running(groupKey) {
      const id = busyGroups.get(groupKey);
      const entry = id === undefined ? undefined : entries.get(id);
      return entry && !entry.interrupted && entry.job.status === 'running' ? entry.job : undefined;
    },

    idle() {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    async stop(graceMs = DEFAULT_GRACE_MS) {
      state = 'stopped';
      await pumpDone;
      const live = [...entries.values()];
      let timer: ReturnType<typeof setTimeout> | undefined;
      const graceOver = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all(live.map((e) => e.done)), graceOver]);
      clearTimeout(timer);
      for (const entry of live) {
        // Still settling: recorded now; it stays in memory (its group busy) until run settles.
        if (entries.get(entry.job.id) === entry) await interrupt(entry);
      }
    },
  };
}
