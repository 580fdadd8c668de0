import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ServerMetricSourceTable } from '../../../db/schema.js';
import { createDueClaims, type DueLease } from '../../../infra/jobs/lease.js';

export type MetricSourceRecord = Selectable<ServerMetricSourceTable>;

/** A due pull collection as the engine reads it: the source and where its server lives. */
export interface DueSource {
  server_id: number;
  namespace_id: number;
  next_collect: number;
  interval_s: number;
}

/** How a console holds a source while it collects. */
export type SourceLease = DueLease;

/**
 * `server_metric_source`: how each server is collected, the pull scheduler's due time and claim.
 */
export function createMetricSourceRepository(db: Db) {
  return {
    /**
     * Adds the source of every enabled server that has none (pull, every 60 s, due at `now`).
     * Two consoles adding the same one at once: the second insert is ignored.
     */
    async ensureSources(now: number): Promise<void> {
      await db
        .insertInto('server_metric_source')
        .columns(['server_id', 'next_collect', 'update_time'])
        .expression((eb) =>
          eb
            .selectFrom('server')
            .select(['server.id', eb.val(now).as('next_collect'), eb.val(now).as('update_time')])
            .where('server.state', '=', 1)
            .where((w) =>
              w.not(
                w.exists(
                  w
                    .selectFrom('server_metric_source as s')
                    .select('s.server_id')
                    .whereRef('s.server_id', '=', 'server.id'),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.column('server_id').doNothing())
        .execute();
    },

    /** Pull sources due now, of enabled servers, that no console is collecting. */
    due: (now: number, limit: number): Promise<DueSource[]> =>
      db
        .selectFrom('server_metric_source as s')
        .innerJoin('server', 'server.id', 's.server_id')
        .select(['s.server_id', 'server.namespace_id', 's.next_collect', 's.interval_s'])
        .where('s.mode', '=', 'pull')
        .where('server.state', '=', 1)
        .where('s.next_collect', '<=', now)
        .where('s.lease_until', '<=', now)
        .orderBy('s.next_collect')
        .limit(limit)
        .execute(),

    ...createDueClaims(db, 'server_metric_source', {
      key: 'server_id',
      due: 'next_collect',
      scope: sql`mode = 'pull'`,
    }),

    get: (serverId: number): Promise<MetricSourceRecord | undefined> =>
      db
        .selectFrom('server_metric_source')
        .selectAll()
        .where('server_id', '=', serverId)
        .executeTakeFirst(),

    /**
     * Sets how a server is collected (adding its source if it had none); a pull source is due at
     * once, so a change shows within a tick.
     */
    async edit(serverId: number, set: { mode: string; interval_s: number }, now: number) {
      const values = { ...set, next_collect: now, update_time: now };
      await db
        .insertInto('server_metric_source')
        .values({ server_id: serverId, ...values })
        .onConflict((oc) => oc.column('server_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type MetricSourceRepository = ReturnType<typeof createMetricSourceRepository>;
