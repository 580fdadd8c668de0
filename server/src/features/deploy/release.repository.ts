import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProjectReleaseTable } from '../../db/schema.js';

export type ReleaseRecord = Selectable<ProjectReleaseTable>;

/** `project_release.state`: the directory is on the server, or was pruned. */
const RELEASE_PRESENT = 1;
const RELEASE_REMOVED = 0;

/** The release directories the engine created, per project and server. */
export function createReleaseRepository(db: Db) {
  return {
    /** A release was created (or re-linked) by deploy `token`: it is live and newest. */
    async linked(r: {
      projectId: number;
      serverId: number;
      name: string;
      token: string;
      now: number;
    }) {
      const existing = await db
        .selectFrom('project_release')
        .select('id')
        .where('project_id', '=', r.projectId)
        .where('server_id', '=', r.serverId)
        .where('name', '=', r.name)
        .executeTakeFirst();
      if (existing) {
        await db
          .updateTable('project_release')
          .set({ state: RELEASE_PRESENT, token: r.token, last_used_time: r.now })
          .where('id', '=', existing.id)
          .execute();
        return;
      }
      await db
        .insertInto('project_release')
        .values({
          project_id: r.projectId,
          server_id: r.serverId,
          name: r.name,
          token: r.token,
          state: RELEASE_PRESENT,
          last_used_time: r.now,
          insert_time: r.now,
        })
        .execute();
    },

    /** Live releases of a project on a server, most recently linked first. */
    live(projectId: number, serverId: number): Promise<ReleaseRecord[]> {
      return db
        .selectFrom('project_release')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('server_id', '=', serverId)
        .where('state', '=', 1)
        .orderBy('last_used_time', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The servers where release `name` of a project is still live. */
    async serversHolding(projectId: number, name: string): Promise<Set<number>> {
      const rows = await db
        .selectFrom('project_release')
        .select('server_id')
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .where('state', '=', 1)
        .execute();
      return new Set(rows.map((r) => r.server_id));
    },

    async pruned(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('project_release')
        .set({ state: RELEASE_REMOVED })
        .where('id', 'in', ids)
        .execute();
    },
  };
}

export type ReleaseRepository = ReturnType<typeof createReleaseRepository>;
