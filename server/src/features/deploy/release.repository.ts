import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProjectReleaseTable } from '../../db/schema.js';

export type ReleaseRecord = Selectable<ProjectReleaseTable>;

/** `project_release.state`: the directory is on the server, or was pruned. */
export const RELEASE_PRESENT = 1;
export const RELEASE_REMOVED = 0;

/** `project_release.complete`: transferring (or left so by a failure or a crash), or linked. */
const INCOMPLETE = 0;
export const COMPLETE = 1;

interface ReleaseRef {
  projectId: number;
  serverId: number;
  name: string;
  token: string;
  now: number;
}

/** The release directories the engine created, per project and server. */
export function createReleaseRepository(db: Db) {
  const find = (r: ReleaseRef) =>
    db
      .selectFrom('project_release')
      .select('id')
      .where('project_id', '=', r.projectId)
      .where('server_id', '=', r.serverId)
      .where('name', '=', r.name)
      .executeTakeFirst();

  const insert = (r: ReleaseRef, complete: number) =>
    db
      .insertInto('project_release')
      .values({
        project_id: r.projectId,
        server_id: r.serverId,
        name: r.name,
        token: r.token,
        state: RELEASE_PRESENT,
        complete,
        last_used_time: r.now,
        insert_time: r.now,
      })
      .execute();

  return {
    /**
     * A release directory is about to be made by deploy `token`: recorded before the transfer,
     * as incomplete, so that whatever a failure or a crash leaves is known and pruned later.
     */
    async starting(r: ReleaseRef) {
      if (!(await find(r))) await insert(r, INCOMPLETE);
    },

    /** A release was created (or re-linked) by deploy `token`: it is live, complete and newest. */
    async linked(r: ReleaseRef) {
      const existing = await find(r);
      if (!existing) return void (await insert(r, COMPLETE));
      await db
        .updateTable('project_release')
        .set({ state: RELEASE_PRESENT, complete: COMPLETE, token: r.token, last_used_time: r.now })
        .where('id', '=', existing.id)
        .execute();
    },

    /** Complete live releases of a project on a server, most recently linked first. */
    live(projectId: number, serverId: number): Promise<ReleaseRecord[]> {
      return db
        .selectFrom('project_release')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('server_id', '=', serverId)
        .where('state', '=', RELEASE_PRESENT)
        .where('complete', '=', COMPLETE)
        .orderBy('last_used_time', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The release a server runs: the live one linked last (by the latest deploy on a tie). */
    async lastLinked(projectId: number, serverId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('project_release as r')
        .leftJoin('job', 'job.token', 'r.token')
        .select('r.name')
        .where('r.project_id', '=', projectId)
        .where('r.server_id', '=', serverId)
        .where('r.state', '=', RELEASE_PRESENT)
        .where('r.complete', '=', COMPLETE)
        .orderBy('r.last_used_time', 'desc')
        .orderBy('job.id', 'desc')
        .orderBy('r.id', 'desc')
        .executeTakeFirst();
      return row?.name;
    },

    /** Releases of a project on a server that were never linked (a failed or cut-off deploy). */
    incomplete(projectId: number, serverId: number): Promise<ReleaseRecord[]> {
      return db
        .selectFrom('project_release')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('server_id', '=', serverId)
        .where('state', '=', RELEASE_PRESENT)
        .where('complete', '=', INCOMPLETE)
        .orderBy('id')
        .execute();
    },

    /** The servers where release `name` of a project is still live (and was ever linked). */
    async serversHolding(projectId: number, name: string): Promise<Set<number>> {
      const rows = await db
        .selectFrom('project_release')
        .select('server_id')
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .where('state', '=', RELEASE_PRESENT)
        .where('complete', '=', COMPLETE)
        .execute();
      return new Set(rows.map((r) => r.server_id));
    },

    /** Releases whose directories were removed: linked ones stay as history, the rest go. */
    async pruned(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .deleteFrom('project_release')
        .where('id', 'in', ids)
        .where('complete', '=', INCOMPLETE)
        .execute();
      await db
        .updateTable('project_release')
        .set({ state: RELEASE_REMOVED })
        .where('id', 'in', ids)
        .execute();
    },
  };
}

export type ReleaseRepository = ReturnType<typeof createReleaseRepository>;
