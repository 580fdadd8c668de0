import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProjectTable } from '../../db/schema.js';

export type ProjectRecord = Selectable<ProjectTable>;
export type NewProject = Insertable<ProjectTable>;
export type ProjectPatch = Updateable<ProjectTable>;

/** Which servers and members a project is bound to. */
export interface Bindings {
  serverIds: number[];
  userIds: number[];
}

export function createProjectRepository(db: Db) {
  /** SECURITY: live projects of one namespace; removed ones (state 0) are history only. */
  const live = (namespaceId: number) =>
    db.selectFrom('project').where('project.namespace_id', '=', namespaceId).where('state', '=', 1);

  async function replaceBindings(tx: Db, projectId: number, b: Bindings, now: number) {
    await tx.deleteFrom('project_server').where('project_id', '=', projectId).execute();
    await tx.deleteFrom('project_user').where('project_id', '=', projectId).execute();
    const stamp = { project_id: projectId, insert_time: now, update_time: now };
    if (b.serverIds.length > 0) {
      await tx
        .insertInto('project_server')
        .values(b.serverIds.map((server_id) => ({ ...stamp, server_id })))
        .execute();
    }
    if (b.userIds.length > 0) {
      await tx
        .insertInto('project_user')
        .values(b.userIds.map((user_id) => ({ ...stamp, user_id })))
        .execute();
    }
  }

  return {
    /** Newest first; with `boundTo`, only projects that user is bound to. */
    list(namespaceId: number, boundTo?: number): Promise<ProjectRecord[]> {
      let q = live(namespaceId).selectAll('project');
      if (boundTo !== undefined) {
        q = q
          .innerJoin('project_user', 'project_user.project_id', 'project.id')
          .where('project_user.user_id', '=', boundTo);
      }
      return q.orderBy('project.id', 'desc').execute();
    },

    findLive(id: number, namespaceId: number): Promise<ProjectRecord | undefined> {
      return live(namespaceId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    async isBound(projectId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('project_user')
        .select('id')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Bindings of many projects at once, for lists. */
    async bindingsOf(projectIds: number[]): Promise<Map<number, Bindings>> {
      const result = new Map<number, Bindings>(
        projectIds.map((id) => [id, { serverIds: [], userIds: [] }]),
      );
      if (projectIds.length === 0) return result;
      const [servers, users] = await Promise.all([
        db
          .selectFrom('project_server')
          .select(['project_id', 'server_id'])
          .where('project_id', 'in', projectIds)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('project_user')
          .select(['project_id', 'user_id'])
          .where('project_id', 'in', projectIds)
          .orderBy('id')
          .execute(),
      ]);
      for (const s of servers) result.get(s.project_id)?.serverIds.push(s.server_id);
      for (const u of users) result.get(u.project_id)?.userIds.push(u.user_id);
      return result;
    },

    async labels(namespaceId: number, boundTo?: number): Promise<string[]> {
      const rows = await (boundTo === undefined
        ? live(namespaceId).select('label').execute()
        : live(namespaceId)
            .innerJoin('project_user', 'project_user.project_id', 'project.id')
            .where('project_user.user_id', '=', boundTo)
            .select('label')
            .execute());
      const all = rows.flatMap((r) => r.label.split(',')).filter(Boolean);
      return [...new Set(all)].sort((a, b) => a.localeCompare(b));
    },

    /** The project and its bindings, all or nothing. */
    insert(row: NewProject, b: Bindings): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('project')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceBindings(tx, id, b, row.insert_time);
        return id;
      });
    },

    /** Changes the row and replaces its bindings as a whole, all or nothing. */
    async update(id: number, patch: ProjectPatch, b: Bindings, now: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('project').set(patch).where('id', '=', id).execute();
        await replaceBindings(tx, id, b, now);
      });
    },

    async patch(id: number, patch: ProjectPatch): Promise<void> {
      await db.updateTable('project').set(patch).where('id', '=', id).execute();
    },

    /** state 0 and no bindings: gone from every list, still readable by the publish history. */
    async markRemoved(id: number, now: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('project')
          .set({ state: 0, update_time: now })
          .where('id', '=', id)
          .execute();
        await replaceBindings(tx, id, { serverIds: [], userIds: [] }, now);
      });
    },

    boundServers(projectId: number) {
      return db
        .selectFrom('project_server')
        .innerJoin('server', 'server.id', 'project_server.server_id')
        .select([
          'project_server.id as id',
          'project_server.project_id as project_id',
          'project_server.server_id as server_id',
          'project_server.insert_time as insert_time',
          'project_server.update_time as update_time',
          'server.name as name',
          'server.os as os',
          'server.ip as ip',
          'server.port as port',
          'server.owner as owner',
          'server.path as path',
          'server.jump_ip as jump_ip',
          'server.jump_port as jump_port',
          'server.jump_owner as jump_owner',
          'server.jump_path as jump_path',
          'server.description as description',
          'server.state as state',
        ])
        .where('project_server.project_id', '=', projectId)
        .orderBy('project_server.id')
        .execute();
    },

    boundUsers(projectId: number) {
      return db
        .selectFrom('project_user')
        .innerJoin('user', 'user.id', 'project_user.user_id')
        .select([
          'project_user.id as id',
          'project_user.project_id as project_id',
          'project_user.user_id as user_id',
          'project_user.insert_time as insert_time',
          'project_user.update_time as update_time',
          'user.name as name',
          'user.account as account',
        ])
        .where('project_user.project_id', '=', projectId)
        .orderBy('project_user.id')
        .execute();
    },

    /** Bindings of a server to the live projects of one namespace. */
    projectsOfServer(serverId: number, namespaceId: number) {
      return live(namespaceId)
        .innerJoin('project_server', 'project_server.project_id', 'project.id')
        .select([
          'project_server.id as id',
          'project_server.project_id as project_id',
          'project_server.server_id as server_id',
          'project_server.insert_time as insert_time',
          'project_server.update_time as update_time',
          'project.name as name',
          'project.branch as branch',
          'project.environment as environment',
        ])
        .where('project_server.server_id', '=', serverId)
        .orderBy('project_server.id')
        .execute();
    },

    /** Binding rows by id with their project's namespace, to check them before removing. */
    bindingNamespaces(ids: number[]) {
      return db
        .selectFrom('project_server')
        .innerJoin('project', 'project.id', 'project_server.project_id')
        .select(['project_server.id as id', 'project.namespace_id as namespace_id'])
        .where('project_server.id', 'in', ids)
        .execute();
    },

    async unbind(ids: number[]): Promise<void> {
      await db.deleteFrom('project_server').where('id', 'in', ids).execute();
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
