import { sql, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Tables of rows that belong to one project and are listed a page at a time, newest first. */
export type ProjectPagedTable =
  'project_review' | 'project_task' | 'webhook_delivery' | 'project_process';

/**
 * One page of a project's rows of `table` in goploy's list answer: `{list, pagination}` with
 * the page, its size and how many rows the project has.
 */
export function projectPage<T extends ProjectPagedTable>(db: Db, table: T) {
  type Row = Selectable<Database[T]>;
  return async <W>(
    projectId: number,
    at: { page: number; rows: number },
    present: (row: Row) => W,
  ) => {
    const [list, count] = await Promise.all([
      sql<Row>`select * from ${sql.table(table)} where project_id = ${projectId}
        order by id desc limit ${at.rows} offset ${(at.page - 1) * at.rows}`.execute(db),
      sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
        where project_id = ${projectId}`.execute(db),
    ]);
    return {
      list: list.rows.map(present),
      pagination: { page: at.page, rows: at.rows, total: Number(count.rows[0]?.n ?? 0) },
    };
  };
}
