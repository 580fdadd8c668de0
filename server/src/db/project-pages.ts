import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Tables read a project at a time, newest first: a project's reviews, its webhook deliveries. */
type PerProject = 'project_review' | 'webhook_delivery';

/** One page of a project's rows, newest first, and how many there are in all. */
export function projectPages<T extends PerProject>(db: Db, table: T) {
  // Widened to the union, so Kysely sees the columns both tables share.
  const name: PerProject = table;
  const ofProject = (projectId: number) => db.selectFrom(name).where('project_id', '=', projectId);
  return {
    list: async (projectId: number, page: number, rows: number) =>
      (await ofProject(projectId)
        .selectAll()
        .orderBy('id', 'desc')
        .limit(rows)
        .offset((page - 1) * rows)
        .execute()) as Array<Selectable<Database[T]>>,

    async total(projectId: number): Promise<number> {
      const r = await ofProject(projectId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
