import { createHash } from 'node:crypto';
import type { Db } from './database.js';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * What must hold across every console on the database for a short while, by kind: a value put
 * under a key until a time, taken at most once, or a key claimed once (decision 0044). Keys are
 * stored as their SHA-256, so a captcha key or a link's signature is never kept as sent.
 */
export function createShortLived(db: Db, kind: string) {
  return {
    async put(key: string, value: unknown, expiresAt: number): Promise<void> {
      const row = { value: JSON.stringify(value), expires_at: expiresAt };
      await db
        .insertInto('short_lived')
        .values({ kind, key_hash: hashOf(key), ...row })
        .onConflict((oc) => oc.columns(['kind', 'key_hash']).doUpdateSet(row))
        .execute();
    },

    /** The value put under `key` if it has not expired, removed in the same statement: once. */
    async take(key: string, now: number): Promise<unknown> {
      const row = await db
        .deleteFrom('short_lived')
        .where('kind', '=', kind)
        .where('key_hash', '=', hashOf(key))
        .returning(['value', 'expires_at'])
        .executeTakeFirst();
      return row && row.expires_at > now ? (JSON.parse(row.value) as unknown) : undefined;
    },

    /** True for the first claim of `key` while an earlier claim holds, false for any other. */
    async claimOnce(key: string, expiresAt: number, now: number): Promise<boolean> {
      const row = { value: 'true', expires_at: expiresAt };
      const r = await db
        .insertInto('short_lived')
        .values({ kind, key_hash: hashOf(key), ...row })
        .onConflict((oc) =>
          oc
            .columns(['kind', 'key_hash'])
            .doUpdateSet(row)
            .where('short_lived.expires_at', '<=', now),
        )
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Keeps at most `max` of this kind: the oldest to expire go first (a flood of issues). */
    async cap(max: number): Promise<void> {
      const over = await db
        .selectFrom('short_lived')
        .select('key_hash')
        .where('kind', '=', kind)
        .orderBy('expires_at', 'desc')
        .offset(max)
        .limit(1000)
        .execute();
      if (over.length === 0) return;
      await db
        .deleteFrom('short_lived')
        .where('kind', '=', kind)
        .where(
          'key_hash',
          'in',
          over.map((r) => r.key_hash),
        )
        .execute();
    },

    /** Removes this kind's expired entries. */
    async prune(now: number): Promise<void> {
      await db
        .deleteFrom('short_lived')
        .where('kind', '=', kind)
        .where('expires_at', '<=', now)
        .execute();
    },
  };
}

export type ShortLived = ReturnType<typeof createShortLived>;
