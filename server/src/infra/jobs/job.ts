import type { Selectable } from 'kysely';
import type { JobTable } from '../../db/schema.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** One unit of background work as its handler sees it (the `job` row, payload parsed). */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  /** Jobs with the same key run one at a time, in id order (a deploy's key is its project). */
  groupKey: string;
  namespaceId: number;
  /** The deploy's publish token; '' for other kinds. */
  token: string;
  payload: P;
  status: JobStatus;
  /** Why it failed or was cancelled; '' otherwise. */
  error: string;
  insertTime: number;
  startTime: number | null;
  endTime: number | null;
}

export interface JobHandler {
  /**
   * Does the work. Resolving = succeeded. Rejecting = failed, with the error's message stored
   * (capped at 2048). When `signal` was aborted by cancel() and run settles afterwards, either
   * way, the job is 'cancelled'.
   */
  run(job: Job, signal: AbortSignal): Promise<void>;
  /**
   * The job will never run or never finish: cancelled while queued ('cancelled'), found 'running'
   * at start after the process died ('interrupted'), or still running when stop() gave up waiting
   * ('interrupted'). Lets the owner fix its own records (a project left "deploying"). Errors
   * thrown here are logged, not fatal.
   */
  abandon(job: Job, why: 'cancelled' | 'interrupted'): Promise<void>;
}

export interface EnqueueInput {
  kind: string;
  groupKey: string;
  namespaceId: number;
  /** The deploy's publish token; '' by default. */
  token?: string;
  /** Stored as JSON. */
  payload: unknown;
}

export type CancelResult = 'cancelled' | 'cancelling' | 'finished';

export interface JobQueue {
  /**
   * Ends the local process groups that jobs left 'running' by a dead process had started (each
   * program a job starts through runCommand is recorded while it runs), marks those jobs failed
   * "interrupted by restart" (calling abandon(job, 'interrupted')), then starts dispatching queued
   * jobs in id order.
   */
  start(): Promise<void>;
  /**
   * Inserts a queued job and dispatches. `ahead`: how many jobs of the same group run or wait
   * before it (0: it starts now, or as soon as a global slot is free).
   */
  enqueue(input: EnqueueInput): Promise<{ id: number; ahead: number }>;
  /**
   * A queued job is marked cancelled at once (abandon(job, 'cancelled')): 'cancelled'. A running
   * job's signal is aborted with Error("cancelled by <by>"): 'cancelling', and the final status
   * is written when its run settles. Anything else: 'finished'.
   */
  cancel(id: number, by?: string): Promise<CancelResult>;
  /** For a queued job, how many jobs of its group are ahead of it; undefined when not queued. */
  ahead(id: number): Promise<number | undefined>;
  /** The running job of a group, if any (from memory). */
  running(groupKey: string): Job | undefined;
  /** Resolves when no job runs and none is queued that could start. */
  idle(): Promise<void>;
  /**
   * Stops dispatching; waits up to `graceMs` for running jobs, then aborts them and marks them
   * failed "interrupted by shutdown" (abandon(job, 'interrupted')). Queued jobs stay queued for
   * the next start.
   */
  stop(graceMs?: number): Promise<void>;
}

/** The `error` column's width. */
export const MAX_ERROR_LENGTH = 2048;

/** Cuts a message to the column's width without leaving half of a surrogate pair at the end. */
export function capError(message: string): string {
  if (message.length <= MAX_ERROR_LENGTH) return message;
  const cut = message.slice(0, MAX_ERROR_LENGTH);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

export function jobOfRow(row: Selectable<JobTable>): Job {
  return {
    id: row.id,
    kind: row.kind,
    groupKey: row.group_key,
    namespaceId: row.namespace_id,
    token: row.token,
    payload: parsePayload(row.payload),
    status: row.status as JobStatus,
    error: row.error,
    insertTime: row.insert_time,
    startTime: row.start_time,
    endTime: row.end_time,
  };
}

/**
 * We always store JSON, but a row written by hand or by an older version must not stop the
 * dispatcher: unreadable text is handed to the handler as it is, for it to reject.
 */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
