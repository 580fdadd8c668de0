import type { Db } from '../../db/database.js';

export interface SessionRow {
  id: number;
  user_id: number;
  expire_time: number;
  last_seen_time: number;
  provider: string;
  checked_time: number;
}

/** Sessions are stored by the sha-256 of their token; the token itself is never stored. */
export function createSessionRepository(db: Db) {
  return {
    async insert(row: {
      tokenHash: string;
      userId: number;
      expireTime: number;
      now: number;
      ip: string;
      userAgent: string;
      provider: string;
    }): Promise<void> {
      await db
        .insertInto('session')
        .values({
          token_hash: row.tokenHash,
          user_id: row.userId,
          expire_time: row.expireTime,
          last_seen_time: row.now,
          remote_addr: row.ip.slice(0, 64),
          user_agent: row.userAgent.slice(0, 512),
          insert_time: row.now,
          provider: row.provider,
          checked_time: row.now,
        })
        .execute();
    },

    findByHash(tokenHash: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('session')
        .select(['id', 'user_id', 'expire_time', 'last_seen_time', 'provider', 'checked_time'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async slide(id: number, now: number, expireTime: number): Promise<void> {
      await db
        .updateTable('session')
        .set({ last_seen_time: now, expire_time: expireTime })
        .where('id', '=', id)
        .execute();
    },

    async markChecked(id: number, now: number): Promise<void> {
      await db.updateTable('session').set({ checked_time: now }).where('id', '=', id).execute();
    },

    async deleteByHash(tokenHash: string): Promise<void> {
      await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
    },

    async deleteByUser(userId: number): Promise<void> {
      await db.deleteFrom('session').where('user_id', '=', userId).execute();
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('session').where('expire_time', '<', now).execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
