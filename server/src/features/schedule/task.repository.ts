import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { projectPage } from '../../db/project-page.js';
import type { ProjectTaskTable } from '../../db/schema.js';

export type TaskRecord = Selectable<ProjectTaskTable>;

/** What a run writes when it takes its due time: the next one, and the run it starts. */
export interface TaskAdvance {
  next_run: number;
  is_run: number;
  last_run: number;
  late: number;
  last_token: string;
  last_result: string;
  last_error: string;
}

/** Scheduled deploys' SQL. */
export function createTaskRepository(db: Db) {
  return {
    async insert(row: Insertable<ProjectTaskTable>): Promise<number> {
      const r = await db
        .insertInto('project_task')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    byId: (id: number) =>
      db.selectFrom('project_task').selectAll().where('id', '=', id).executeTakeFirst(),

    async remove(id: number, editor: { id: number; name: string }, now: number): Promise<void> {
      await db
        .updateTable('project_task')
        .set({ state: 0, next_run: 0, editor_id: editor.id, editor: editor.name, update_time: now })
        .where('id', '=', id)
        .execute();
    },

    /** A project's tasks, a page at a time, newest first. */
    page: projectPage(db, 'project_task'),

    /**
     * Active tasks whose time has come, and runs cut off between taking their time and queueing
     * their deploy (`pending`), whose lease has run out.
     */
    due: (now: number, limit: number) =>
      db
        .selectFrom('project_task')
        .select('id')
        .where('lease_until', '<=', now)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 1), eb('next_run', '>', 0), eb('next_run', '<=', now)]),
            eb('last_result', '=', 'pending'),
          ]),
        )
        .orderBy('next_run')
        .limit(limit)
        .execute(),

    /**
     * Takes the due time `seen` of a task this console holds the lease of: one conditional
     * update, true when it took it (nobody advanced or removed it meanwhile).
     */
    async advance(id: number, owner: string, seen: number, set: TaskAdvance): Promise<boolean> {
      const r = await db
        .updateTable('project_task')
        .set(set)
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 1)
        .where('next_run', '=', seen)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Records what became of the run `token` (its deploy queued, or why there is none). */
    async settle(id: number, token: string, result: string, error: string): Promise<void> {
      await db
        .updateTable('project_task')
        .set({ last_result: result, last_error: error.slice(0, 512) })
        .where('id', '=', id)
        .where('last_token', '=', token)
        .execute();
    },
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
