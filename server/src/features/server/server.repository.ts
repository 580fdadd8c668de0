import { type Insertable, type Selectable, type Updateable } from 'kysely';
import { containsText } from '../../db/contains-text.js';
import type { Db } from '../../db/database.js';
import type { ServerTable } from '../../db/schema.js';

export type ServerRecord = Selectable<ServerTable>;
export type NewServer = Insertable<ServerTable>;
export type ServerPatch = Updateable<ServerTable>;

export interface ServerFilter {
  /** Substring of the name, any case; '' for all. */
  name: string;
  /** Substring of the address; '' for all. */
  host: string;
  state?: number | undefined;
}

/** Which host key a hop presented: the server's own or its jump host's. */
export type HostKeyRole = 'target' | 'jump';

const KEY_COLUMNS = {
  target: { trusted: 'host_key', pending: 'pending_host_key' },
  jump: { trusted: 'jump_host_key', pending: 'pending_jump_host_key' },
} as const;

/** Rows per INSERT statement: keeps an import under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 200;

export function createServerRepository(db: Db) {
  /** SECURITY: what a namespace sees: its own servers and the shared ones (namespace 0). */
  const visible = (namespaceId: number) =>
    db.selectFrom('server').where('namespace_id', 'in', [namespaceId, 0]);

  return {
    list(namespaceId: number, f: ServerFilter): Promise<ServerRecord[]> {
      let q = visible(namespaceId).selectAll();
      if (f.name) q = q.where(containsText('name', f.name));
      if (f.host) q = q.where(containsText('ip', f.host));
      if (f.state !== undefined) q = q.where('state', '=', f.state);
      return q.orderBy('id', 'desc').execute();
    },

    listEnabled(namespaceId: number): Promise<ServerRecord[]> {
      return visible(namespaceId)
        .selectAll()
        .where('state', '=', 1)
        .orderBy('id', 'desc')
        .execute();
    },

    findById(id: number): Promise<ServerRecord | undefined> {
      return db.selectFrom('server').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The server if the namespace sees it (its own or shared). */
    findVisible(id: number, namespaceId: number): Promise<ServerRecord | undefined> {
      return visible(namespaceId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(row: NewServer): Promise<number> {
      const r = await db.insertInto('server').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    /** All rows or none. */
    async insertMany(rows: NewServer[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          await tx
            .insertInto('server')
            .values(rows.slice(i, i + INSERT_CHUNK))
            .execute();
        }
      });
    },

    async update(id: number, patch: ServerPatch): Promise<void> {
      await db.updateTable('server').set(patch).where('id', '=', id).execute();
    },

    /** Trust on first use: stores the key only while none is stored (two first connections race). */
    async trustFirstKey(id: number, role: HostKeyRole, fingerprint: string): Promise<void> {
      const { trusted } = KEY_COLUMNS[role];
      await db
        .updateTable('server')
        .set({ [trusted]: fingerprint })
        .where('id', '=', id)
        .where(trusted, '=', '')
        .execute();
    },

    /** A different key than the trusted one: kept for someone to accept, never trusted here. */
    async setPendingKey(id: number, role: HostKeyRole, fingerprint: string): Promise<void> {
      const { pending } = KEY_COLUMNS[role];
      await db
        .updateTable('server')
        .set({ [pending]: fingerprint })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ServerRepository = ReturnType<typeof createServerRepository>;
