import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

const LEASE_MS = 15_000;
const RENEW_MS = 5_000;
const RETRY_MS = 50;

/**
 * Work done one at a time per key, in this console and over every console on the database
 * (decision 0044): an nginx change on one server, an upload to one path, a crontab write. In this
 * console, work waits for the work started before it on the same key, in order; then it takes the
 * key's `cluster_lock` row under a lease it renews while it works, so another console waits too.
 * A console that dies holding a key frees it when the lease expires.
 */
export function createClusterLocks(deps: { db: Db; clock: Clock; scope: string }) {
  const { db, clock } = deps;
  const owner = randomUUID();
  const tails = new Map<string, Promise<unknown>>();

  const take = async (key: string): Promise<boolean> => {
    const now = clock.now();
    const held = { owner, lease_until: now + LEASE_MS };
    const r = await db
      .insertInto('cluster_lock')
      .values({ key, ...held })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet(held).where('cluster_lock.lease_until', '<=', now),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  };

  async function holding<T>(key: string, work: () => Promise<T>): Promise<T> {
    while (!(await take(key))) await new Promise((r) => setTimeout(r, RETRY_MS));
    const renew = setInterval(() => {
      void db
        .updateTable('cluster_lock')
        .set({ lease_until: clock.now() + LEASE_MS })
        .where('key', '=', key)
        .where('owner', '=', owner)
        .execute()
        .catch(() => undefined); // the next renewal tries again; the lease outlives two misses
    }, RENEW_MS);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await db
        .deleteFrom('cluster_lock')
        .where('key', '=', key)
        .where('owner', '=', owner)
        .execute();
    }
  }

  return {
    /** Runs `work` once every earlier work on `key` ended (succeeded or not), holding the key. */
    run<T>(key: string | number, work: () => Promise<T>): Promise<T> {
      const k = `${deps.scope}:${rowKey(String(key))}`;
      const result = (tails.get(k) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => holding(k, work));
      const tail = result.catch(() => undefined);
      tails.set(k, tail);
      void tail.then(() => {
        if (tails.get(k) === tail) tails.delete(k);
      });
      return result;
    },
  };
}

export type ClusterLocks = ReturnType<typeof createClusterLocks>;

/** The key as stored: short printable keys as they are, others (a long path) as their SHA-256. */
function rowKey(key: string): string {
  return key.length <= 180 && /^[\x20-\x7e]*$/.test(key)
    ? key
    : createHash('sha256').update(key).digest('hex');
}
