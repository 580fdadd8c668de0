import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CronFenceTable } from '../../db/schema-cron.js';
import { createDueClaims } from '../../infra/jobs/lease.js';

export type CronFenceRecord = Selectable<CronFenceTable>;

/** A server whose run records are due to be read, and a namespace that may reach it. */
export interface DueRead {
  server_id: number;
  next_read: number;
  namespace_id: number;
}

/** `cron_fence`: per server, the block Ferry last wrote and the scheduled read of run records. */
export function createCronFenceRepository(db: Db) {
  return {
    get: (serverId: number): Promise<CronFenceRecord | undefined> =>
      db.selectFrom('cron_fence').selectAll().where('server_id', '=', serverId).executeTakeFirst(),

    /** Records a write: whose crontab, the block and its checksum; run records are read at once. */
    async wrote(
      serverId: number,
      o: { user: string; block: string; checksum: string; now: number },
    ) {
      const values = {
        crontab_user: o.user,
        block_text: o.block,
        block_checksum: o.checksum,
        write_time: o.now,
      };
      await db
        .insertInto('cron_fence')
        .values({ server_id: serverId, ...values, next_read: o.now })
        .onConflict((oc) => oc.column('server_id').doUpdateSet(values))
        .execute();
    },

    /** Servers with an enabled job whose read is due and not held, with a namespace of a job there. */
    due: (now: number, limit: number): Promise<DueRead[]> =>
      db
        .selectFrom('cron_fence as f')
        .innerJoin('cron', 'cron.server_id', 'f.server_id')
        .select(['f.server_id', 'f.next_read'])
        .select((eb) => eb.fn.min('cron.namespace_id').as('namespace_id'))
        .where('cron.state', '=', 1)
        .where('f.next_read', '<=', now)
        .where('f.lease_until', '<=', now)
        .groupBy(['f.server_id', 'f.next_read'])
        .orderBy('f.next_read')
        .limit(limit)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            server_id: Number(r.server_id),
            next_read: Number(r.next_read),
            namespace_id: Number(r.namespace_id),
          })),
        ),

    async readError(serverId: number, error: string): Promise<void> {
      await db
        .updateTable('cron_fence')
        .set({ read_error: error })
        .where('server_id', '=', serverId)
        .execute();
    },

    ...createDueClaims(db, 'cron_fence', { key: 'server_id', due: 'next_read' }),
  };
}

export type CronFenceRepository = ReturnType<typeof createCronFenceRepository>;
