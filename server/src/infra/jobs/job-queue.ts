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
  /** How many jobs run at once, over all groups and every console on the database. */
  concurrency: number;
  /** This console's id (decision 0044): the owner of the leases it takes. */
  owner: string;
  /** How long a lease holds unless renewed (default 15 s). */
  leaseMs?: number;
  /**
   * How often leases are renewed, expired ones taken over and the queue looked at for work
   * another console freed (default 2.5 s).
   */
  tickMs?: number;
  log?: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

/** A job this process has claimed (or is claiming), with what it needs to stop it. */
interface Entry {
  job: Job;
  controller: AbortController;
  /** Set by cancel(): the error the job ends with. */
  cancelReason?: string;
  /**
   * Set by stop() once it gave up waiting and recorded the job as failed itself, or when the
   * lease was lost (another console ended the job): its run's end is not recorded.
   */
  interrupted: boolean;
  /** Set when its run settled and its end is being recorded. */
  ending: boolean;
  /** Settles when the handler's run has settled and the outcome is recorded. */
  done: Promise<void>;
}

const DEFAULT_GRACE_MS = 30_000;
const DEFAULT_LEASE_MS = 15_000;
const DEFAULT_TICK_MS = 2_500;
const RESTART_ERROR = 'interrupted by restart';
const SHUTDOWN_ERROR = 'interrupted by shutdown';
export const STOPPED_CONSOLE_ERROR = 'the console running it stopped';
const LEASE_LOST_ERROR = 'this console lost its lease on the job';

const consoleLog = {
  error: (obj: object, msg: string) => console.error(msg, obj),
  warn: (obj: object, msg: string) => console.warn(msg, obj),
};

/**
 * The durable job queue. The database is the source of truth for every status, so a restart
 * loses nothing queued; memory holds only the running jobs' abort controllers.
 *
 * Several consoles may share one database (decision 0044): a job is claimed in one transaction
 * that checks the one-job-per-group rule and the cap over every console, with a lease the runner
 * renews while it works. A job whose lease expired (its console died) is ended by whichever
 * console sees it first; a console ends its own jobs from before its restart at once.
 */
export function createJobQueue(deps: JobQueueDeps): JobQueue {
  const repo = createJobRepository(deps.db);
  const log = deps.log ?? consoleLog;
  const processes = createJobProcesses({ db: deps.db, clock: deps.clock, log });
  const concurrency = Math.max(1, deps.concurrency);
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const owner = deps.owner;
  let leaseTimer: ReturnType<typeof setInterval> | undefined;
  /** Set by the timer: the next dispatch pass first renews leases and ends orphaned jobs. */
  let leasesDue = false;
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
        if (leasesDue) {
          leasesDue = false;
          await renewLeases();
          await endOrphans({ expiredBefore: deps.clock.now() }, STOPPED_CONSOLE_ERROR);
        }
        await dispatchOnce();
      } catch (err) {
        log.error({ err }, 'job dispatch failed');
      }
    }
    pumping = false;
    notifyIfIdle();
  }

  /**
   * Claims what may start now over every console (oldest queued job of each free group, within
   * the cap) and runs it. Renewals, orphan checks and claims run one after the other in the pump,
   * so none of them sees a job half claimed.
   */
  async function dispatchOnce(): Promise<void> {
    if (state !== 'started') return;
    const now = deps.clock.now();
    const claimed = await repo.claimNext(concurrency, { owner, now, until: now + leaseMs });
    for (const job of claimed) {
      const entry: Entry = {
        job,
        controller: new AbortController(),
        interrupted: false,
        ending: false,
        done: Promise.resolve(),
      };
      entries.set(job.id, entry);
      busyGroups.set(job.groupKey, job.id);
      entry.done = execute(entry);
    }
  }

  function forget(entry: Entry): void {
    if (entries.get(entry.job.id) === entry) entries.delete(entry.job.id);
    if (busyGroups.get(entry.job.groupKey) === entry.job.id) busyGroups.delete(entry.job.groupKey);
  }

  /**
   * Holds this console's running jobs for another lease. A job no longer held was ended by
   * another console (this one stalled past its lease): its run is stopped and its end not
   * recorded. A cancel asked on another console is passed to the run.
   */
  async function renewLeases(): Promise<void> {
    const held = new Map(
      (await repo.renew(owner, deps.clock.now() + leaseMs)).map((r) => [r.id, r.cancel]),
    );
    for (const entry of entries.values()) {
      if (entry.interrupted || entry.ending) continue;
      const cancel = held.get(entry.job.id);
      if (cancel === undefined) {
        entry.interrupted = true;
        entry.controller.abort(new Error(LEASE_LOST_ERROR));
        log.warn?.({ jobId: entry.job.id }, LEASE_LOST_ERROR);
      } else if (cancel && entry.cancelReason === undefined) {
        entry.cancelReason = cancel;
        entry.controller.abort(new Error(cancel));
      }
    }
  }

  /**
   * Ends the running jobs whose console is gone (never one of this process's), their leftover
   * local programs first, then lets their owners clean up (a project left "deploying").
   */
  async function endOrphans(
    whose: { owner: string } | { expiredBefore: number },
    error: string,
  ): Promise<void> {
    const now = deps.clock.now();
    const live = [...entries.keys()];
    const ended = await repo.endOrphans(whose, live, { status: 'failed', error, endTime: now });
    if (ended.length === 0) return;
    await processes.endLeftovers(ended.map((j) => j.id));
    for (const job of ended) {
      log.warn?.({ jobId: job.id, kind: job.kind }, `job ended: ${error}`);
      await abandonSafely(job, 'interrupted');
    }
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
      entry.ending = true;
      const outcome: { status: JobStatus; error: string } =
        entry.cancelReason !== undefined
          ? { status: 'cancelled', error: entry.cancelReason }
          : failure !== undefined
            ? { status: 'failed', error: failure }
            : { status: 'succeeded', error: '' };
      const end = { ...outcome, endTime: deps.clock.now() };
      await repo.transition(job.id, 'running', end, owner);
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
    const change = { status: 'failed' as const, error: SHUTDOWN_ERROR, endTime: deps.clock.now() };
    const failed = await repo.transition(entry.job.id, 'running', change, owner);
    if (failed) await abandonSafely(failed, 'interrupted');
  }

  return {
    async start() {
      if (state === 'started') return;
      // Before any job runs: this console's jobs from before its restart will never finish, and
      // a build of theirs left running would share the next one's working copy.
      await endOrphans({ owner }, RESTART_ERROR);
      await endOrphans({ expiredBefore: deps.clock.now() }, STOPPED_CONSOLE_ERROR);
      state = 'started';
      leaseTimer = setInterval(() => {
        leasesDue = true;
        kick();
      }, deps.tickMs ?? DEFAULT_TICK_MS);
      leaseTimer.unref();
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
      // Run by another console (or claimed a moment ago): it reads the ask when it renews.
      if (!entry) return (await repo.askCancel(id, reason)) ? 'cancelling' : 'finished';
      if (entry.interrupted) return 'finished';
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
      clearInterval(leaseTimer);
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
