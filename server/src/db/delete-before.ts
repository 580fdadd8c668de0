import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';

/**
 * Removes the rows of `table` with `column` before `cutoff`, oldest first, in deletes of about
 * `batch` rows along the column's index, each its own statement: a big backlog never holds the
 * database for long, and a pass cut off halfway is finished by the next one.
 */
export async function deleteBefore(
  db: Db,
  table: string,
  column: string,
  cutoff: number,
  batch: number,
  also: RawBuilder<unknown> = sql``,
): Promise<number> {
  const t = sql.table(table);
  const c = sql.ref(column);
  let removed = 0;
  for (;;) {
    // The batch's last time: the index walks `batch` entries to it.
    const { rows } = await sql<{ edge: unknown }>`
      select ${c} as edge from ${t} where ${c} < ${cutoff} ${also}
      order by ${c} limit 1 offset ${batch - 1}`.execute(db);
    const edge = rows[0] ? Number(rows[0].edge) : cutoff - 1;
    const r = await sql`delete from ${t} where ${c} <= ${edge} ${also}`.execute(db);
    removed += Number(r.numAffectedRows ?? 0);
    if (!rows[0]) return removed;
  }
}
