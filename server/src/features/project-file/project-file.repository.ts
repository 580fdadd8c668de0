import type { Db } from '../../db/database.js';

export interface ProjectFileValues {
  filename: string;
  /** Sealed (a binary file's bytes as base64). */
  content: string;
  size: number;
  is_binary: number;
}

export function createProjectFileRepository(db: Db) {
  const select = () =>
    db
      .selectFrom('project_file')
      .select(['id', 'project_id', 'filename', 'size', 'is_binary', 'insert_time', 'update_time']);
  return {
    list: (projectId: number) =>
      select().where('project_id', '=', projectId).orderBy('filename').execute(),

    find: (id: number) => select().where('id', '=', id).executeTakeFirst(),

    /** The sealed content of file `id`. */
    async content(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('project_file')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.content;
    },

    /** Every file of a project with its sealed content, for a deploy. */
    withContent: (projectId: number) =>
      db
        .selectFrom('project_file')
        .select(['filename', 'content', 'is_binary'])
        .where('project_id', '=', projectId)
        .orderBy('filename')
        .execute(),

    async insert(
      projectId: number,
      v: ProjectFileValues,
      by: { id: number; name: string },
      now: number,
    ): Promise<number> {
      const { id } = await db
        .insertInto('project_file')
        .values({
          project_id: projectId,
          ...v,
          creator_id: by.id,
          creator: by.name,
          editor_id: by.id,
          editor: by.name,
          insert_time: now,
          update_time: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(
      id: number,
      v: Partial<ProjectFileValues>,
      by: { id: number; name: string },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('project_file')
        .set({ ...v, editor_id: by.id, editor: by.name, update_time: now })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('project_file').where('id', '=', id).execute();
    },
  };
}

export type ProjectFileRepository = ReturnType<typeof createProjectFileRepository>;
