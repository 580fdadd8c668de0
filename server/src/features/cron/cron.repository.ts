import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CronTable } from '../../db/schema-cron.js';

export type CronRecord = Selectable<CronTable>;
export type NewCron = Insertable<CronTable>;
export type CronChange = Updateable<CronTable>;

/** `cron`: the jobs of every namespace; a server's block holds the enabled jobs of all of them. */
export function createCronRepository(db: Db) {
  return {
    byId: (id: number): Promise<CronRecord | undefined> =>
      db.selectFrom('cron').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A namespace's jobs on a server, in id order. */
    list: (namespaceId: number, serverId: number): Promise<CronRecord[]> =>
      db
        .selectFrom('cron')
        .selectAll()
        .where('namespace_id', '=', namespaceId)
        .where('server_id', '=', serverId)
        .orderBy('id')
        .execute(),

    /** Every namespace's enabled jobs on a server: the block's content. */
    enabledOnServer: (serverId: number): Promise<CronRecord[]> =>
      db
        .selectFrom('cron')
        .selectAll()
        .where('server_id', '=', serverId)
        .where('state', '=', 1)
        .orderBy('id')
        .execute(),

    /** The jobs of the given ids (any namespace, any server). */
    byIds: (ids: readonly number[]): Promise<CronRecord[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('cron').selectAll().where('id', 'in', ids).execute(),

    async insert(row: NewCron): Promise<number> {
      const r = await db.insertInto('cron').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },

    async update(id: number, set: CronChange): Promise<void> {
      await db.updateTable('cron').set(set).where('id', '=', id).execute();
    },

    /** Removes jobs and their runs. */
    async remove(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('cron_log').where('cron_id', 'in', ids).execute();
        await tx.deleteFrom('cron').where('id', 'in', ids).execute();
      });
    },
  };
}

export type CronRepository = ReturnType<typeof createCronRepository>;
