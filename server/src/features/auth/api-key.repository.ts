import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ApiKeyTable } from '../../db/schema.js';

export type ApiKeyRecord = Selectable<ApiKeyTable>;

/** What a new scoped key is stored as: its hash and first characters, never the key. */
export interface NewApiKey {
  userId: number;
  name: string;
  keyHash: string;
  keyPrefix: string;
  namespaceIds: number[];
  projectIds: number[];
  roleId: number;
  expireTime: number;
  now: number;
}

/** The `api_key` table: members' scoped keys. */
export function createApiKeyRepository(db: Db) {
  return {
    findByHash: (hash: string) =>
      db.selectFrom('api_key').selectAll().where('key_hash', '=', hash).executeTakeFirst(),

    /** A member's keys, newest first. */
    listOf: (userId: number) =>
      db
        .selectFrom('api_key')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute(),

    /** Whether the member already has a working key of that name (names are per member). */
    async nameTaken(userId: number, name: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('api_key')
        .select('id')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .where('revoke_time', '=', 0)
        .where('expire_time', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(k: NewApiKey): Promise<number> {
      const row = await db
        .insertInto('api_key')
        .values({
          user_id: k.userId,
          name: k.name,
          key_hash: k.keyHash,
          key_prefix: k.keyPrefix,
          namespace_ids: JSON.stringify(k.namespaceIds),
          project_ids: JSON.stringify(k.projectIds),
          role_id: k.roleId,
          expire_time: k.expireTime,
          insert_time: k.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Revokes one of `userId`'s working keys; false when there is none such. */
    async revoke(id: number, userId: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('api_key')
        .set({ revoke_time: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoke_time', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Revokes every working key of a member (disabled, removed). */
    revokeAllOf: (userId: number, now: number) =>
      db
        .updateTable('api_key')
        .set({ revoke_time: now })
        .where('user_id', '=', userId)
        .where('revoke_time', '=', 0)
        .execute(),

    noteUse: (id: number, now: number, ip: string) =>
      db
        .updateTable('api_key')
        .set({ last_use_time: now, last_use_ip: ip.slice(0, 64) })
        .where('id', '=', id)
        .execute(),
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;

/** The ids of a key's stored JSON list (`namespace_ids`, `project_ids`); a damaged value: none. */
export function storedIds(json: string): number[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x) && x > 0) : [];
  } catch {
    return [];
  }
}
