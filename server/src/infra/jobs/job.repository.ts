import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isPostgres } from '../../db/migrations/helpers.js';
import { NODE_DOWN_MS } from '../cluster/console-nodes.js';
import { capError, jobOfRow, type Job, type JobStatus } from './job.js';

export interface NewJob {
  kind: string;
  groupKey: string;
  namespaceId: number;
  token: string;
  payload: unknown;
  insertTime: number;
}

/** Who claims: the console's id, the time of the claim and the lease it takes. */
export interface ClaimLease {
  owner: string;
  now: number;
  until: number;
}

/**
 * A queued job older than this is claimed in id order by whichever console is free, before the
 * jobs another console would run with a warm working copy (`claimNext`).
 */
export const AFFINITY_WAIT_MS = 30_000;

/** The claims of every console on one database wait on this one transaction-scoped lock. */
const CLAIM_LOCK = 0x4665_7279; // "Fery"

/** What a status change writes besides the status. */
export interface JobChange {
  status: JobStatus;
  error?: string;
  startTime?: number;
  endTime?: number;
}

export function createJobRepository(db: Db) {
  const pg = isPostgres(db as never);
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

    /**
     * Claims the next jobs that may start for `lease.owner`: the oldest queued job of each group
     * that has none running, while fewer than `cap` jobs run over the whole database and this
     * owner runs fewer than its share of them (`cap` over the consoles up, rounded up); those of
     * groups this owner ran last first, unless another has waited over AFFINITY_WAIT_MS.
     * The check and the update are one transaction under one lock (PostgreSQL: an advisory lock;
     * SQLite: its single writer), so two consoles never both start jobs of one group or together
     * pass the cap. Row locks alone could not: the rule is about rows that are not there yet.
     */
    async claimNext(cap: number, lease: ClaimLease): Promise<Job[]> {
      return db.transaction().execute(async (trx) => {
        if (pg) await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
        const running = await trx
          .selectFrom('job')
          .select('lease_owner')
          .where('status', '=', 'running')
          .execute();
        const { live } = await trx
          .selectFrom('console_node')
          .select((eb) => eb.fn.countAll<number | string>().as('live'))
          .where('last_seen', '>', lease.now - NODE_DOWN_MS)
          .where('draining', '=', 0)
          .executeTakeFirstOrThrow();
        // Each console runs at most its share of the cap, so the work spreads over the consoles.
        const share = Math.ceil(cap / Math.max(1, Number(live)));
        const mine = running.filter((r) => r.lease_owner === lease.owner).length;
        const free = Math.min(cap - running.length, share - mine);
        if (free <= 0) return [];
        const next = await trx
          .selectFrom('job as q')
          .select('q.id')
          .where('q.status', '=', 'queued')
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('job as o')
                  .select('o.id')
                  .whereRef('o.group_key', '=', 'q.group_key')
                  .where((eb) =>
                    eb.or([
                      eb('o.status', '=', 'running'),
                      eb.and([eb('o.status', '=', 'queued'), eb('o.id', '<', eb.ref('q.id'))]),
                    ]),
                  ),
              ),
            ),
          )
          // Several consoles (decision 0044): a console takes first the jobs of groups it ran
          // last (a project whose working copy it holds and fetched lately), then the oldest.
          // A job waiting over AFFINITY_WAIT_MS goes first, so a preference never starves it.
          .orderBy((eb) =>
            eb
              .case()
              .when('q.insert_time', '<', lease.now - AFFINITY_WAIT_MS)
              .then(0)
              .when(
                eb
                  .selectFrom('job as l')
                  .select('l.lease_owner')
                  .whereRef('l.group_key', '=', 'q.group_key')
                  .where('l.status', '<>', 'queued')
                  .orderBy('l.id', 'desc')
                  .limit(1),
                '=',
                lease.owner,
              )
              .then(1)
              .else(2)
              .end(),
          )
          .orderBy('q.id')
          .limit(free)
          .execute();
        if (next.length === 0) return [];
        const rows = await trx
          .updateTable('job')
          .set({
            status: 'running',
            start_time: lease.now,
            lease_owner: lease.owner,
            lease_until: lease.until,
          })
          .where(
            'id',
            'in',
            next.map((r) => r.id),
          )
          .where('status', '=', 'queued')
          .returningAll()
          .execute();
        return rows.map(jobOfRow).sort((a, b) => a.id - b.id);
      });
    },

    /**
     * Holds the owner's running jobs until `until`. Answers the ids still held, with a cancel
     * asked elsewhere; a job missing from the answer is no longer this owner's.
     */
    async renew(owner: string, until: number): Promise<Array<{ id: number; cancel: string }>> {
      const rows = await db
        .updateTable('job')
        .set({ lease_until: until })
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .returning(['id', 'cancel_reason'])
        .execute();
      return rows.map((r) => ({ id: r.id, cancel: r.cancel_reason }));
    },

    /**
     * Ends running jobs whose console is gone, except `live` (this process's): those `owner` held
     * before this process started (a console keeps its id in its data dir), or those whose lease
     * expired before `expiredBefore`.
     */
    async endOrphans(
      whose: { owner: string } | { expiredBefore: number },
      live: readonly number[],
      change: Required<Pick<JobChange, 'status' | 'error' | 'endTime'>>,
    ): Promise<Job[]> {
      const rows = await db
        .updateTable('job')
        .set({ status: change.status, error: capError(change.error), end_time: change.endTime })
        .where('status', '=', 'running')
        .where((eb) =>
          'owner' in whose
            ? eb('lease_owner', '=', whose.owner)
            : eb('lease_until', '<', whose.expiredBefore),
        )
        .$if(live.length > 0, (q) => q.where('id', 'not in', [...live]))
        .returningAll()
        .execute();
      return rows.map(jobOfRow).sort((a, b) => a.id - b.id);
    },

    /** Asks the console running job `id` to cancel it; false when it does not run. */
    async askCancel(id: number, reason: string): Promise<boolean> {
      const r = await db
        .updateTable('job')
        .set({ cancel_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
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
    async transition(
      id: number,
      from: JobStatus,
      change: JobChange,
      owner?: string,
    ): Promise<Job | undefined> {
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
        .$if(owner !== undefined, (q) => q.where('lease_owner', '=', owner!))
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
