import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { projectPage } from '../../db/project-page.js';
import type { ProjectProcessTable, ServerProcessTable, TemplateTable } from '../../db/schema.js';

export type TemplateRecord = Selectable<TemplateTable>;
export type ServerProcessRecord = Selectable<ServerProcessTable>;
export type ProjectProcessRecord = Selectable<ProjectProcessTable>;

/** The SQL of saved scripts, server process groups and project processes. */
export function createRunDefinitionRepository(db: Db) {
  return {
    templates: {
      /** A namespace's templates of one type, newest first. */
      list: (namespaceId: number, type: number) =>
        db
          .selectFrom('template')
          .selectAll()
          .where('namespace_id', '=', namespaceId)
          .where('type', '=', type)
          .orderBy('id', 'desc')
          .execute(),
      byId: (id: number) =>
        db.selectFrom('template').selectAll().where('id', '=', id).executeTakeFirst(),
      /** The id of the template named `name` of that namespace and type, if any. */
      named: async (namespaceId: number, type: number, name: string) =>
        (
          await db
            .selectFrom('template')
            .select('id')
            .where('namespace_id', '=', namespaceId)
            .where('type', '=', type)
            .where('name', '=', name)
            .executeTakeFirst()
        )?.id,
      insert: async (row: Insertable<TemplateTable>) =>
        (await db.insertInto('template').values(row).returning('id').executeTakeFirstOrThrow()).id,
      update: async (id: number, set: Updateable<TemplateTable>) => {
        await db.updateTable('template').set(set).where('id', '=', id).execute();
      },
      remove: async (id: number) => {
        await db.deleteFrom('template').where('id', '=', id).execute();
      },
    },

    serverProcesses: {
      /** A namespace's groups, newest first. */
      list: (namespaceId: number) =>
        db
          .selectFrom('server_process')
          .selectAll()
          .where('namespace_id', '=', namespaceId)
          .orderBy('id', 'desc')
          .execute(),
      byId: (id: number) =>
        db.selectFrom('server_process').selectAll().where('id', '=', id).executeTakeFirst(),
      named: async (namespaceId: number, name: string) =>
        (
          await db
            .selectFrom('server_process')
            .select('id')
            .where('namespace_id', '=', namespaceId)
            .where('name', '=', name)
            .executeTakeFirst()
        )?.id,
      insert: async (row: Insertable<ServerProcessTable>) =>
        (
          await db
            .insertInto('server_process')
            .values(row)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      update: async (id: number, set: Updateable<ServerProcessTable>) => {
        await db.updateTable('server_process').set(set).where('id', '=', id).execute();
      },
      remove: async (id: number) => {
        await db.deleteFrom('server_process').where('id', '=', id).execute();
      },
    },

    projectProcesses: {
      /** A project's processes, a page at a time, newest first. */
      page: projectPage(db, 'project_process'),
      byId: (id: number) =>
        db.selectFrom('project_process').selectAll().where('id', '=', id).executeTakeFirst(),
      named: async (projectId: number, name: string) =>
        (
          await db
            .selectFrom('project_process')
            .select('id')
            .where('project_id', '=', projectId)
            .where('name', '=', name)
            .executeTakeFirst()
        )?.id,
      insert: async (row: Insertable<ProjectProcessTable>) =>
        (
          await db
            .insertInto('project_process')
            .values(row)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      update: async (id: number, set: Updateable<ProjectProcessTable>) => {
        await db.updateTable('project_process').set(set).where('id', '=', id).execute();
      },
      remove: async (id: number) => {
        await db.deleteFrom('project_process').where('id', '=', id).execute();
      },
    },
  };
}

export type RunDefinitionRepository = ReturnType<typeof createRunDefinitionRepository>;
