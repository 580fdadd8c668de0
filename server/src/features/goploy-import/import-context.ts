import { sql } from 'kysely';
import type { SecretBox } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';
import { isPostgres } from '../../db/migrations/helpers.js';
import type { Database } from '../../db/schema.js';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import { rowDigest, type ImportMap } from './import-map.js';
import type { ReportBuilder } from './import-report.js';
import { ImportError } from './goploy-source.js';

/** What every table's import works with: one transaction on the Ferry side. */
export interface ImportContext {
  tx: Db;
  box: SecretBox;
  targets: NotifyTargets;
  keyFiles: KeyFiles;
  dataDir: string;
  now: number;
  map: ImportMap;
  report: ReportBuilder;
}

type IdTable = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/**
 * Runs `carry` for each row no earlier import carried; a carried row counts as skipped, or as
 * changed when goploy's row differs from what was read then (it is not overwritten: decision 0047).
 * `carry` answers the Ferry id the row became or joined, or undefined when it was not carried.
 */
export async function eachNewRow<T extends { id: number }>(
  ctx: ImportContext,
  table: string,
  rows: T[],
  carry: (row: T) => Promise<{ id: number; merged?: boolean } | undefined>,
): Promise<void> {
  ctx.report.read(table, rows.length);
  for (const row of rows) {
    const digest = rowDigest(row);
    const before = ctx.map.get(table, row.id);
    if (before) {
      if (before.digest === digest) {
        ctx.report.count(table, 'skipped');
      } else {
        ctx.report.count(table, 'changed');
        ctx.report.note(
          table,
          row.id,
          `changed in goploy since it was imported (Ferry id ${before.targetId}): left as imported`,
        );
      }
      continue;
    }
    const done = await carry(row).catch((err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err);
      throw new ImportError(`${table} ${row.id} stopped the import: ${reason}`, { cause: err });
    });
    if (!done) continue;
    ctx.report.count(table, done.merged ? 'merged' : 'imported');
    await ctx.map.add(table, row.id, done.id, digest);
  }
}

/** goploy's id when the Ferry table has no row of that id, so ids in links and scripts hold. */
export async function keptId(ctx: ImportContext, table: IdTable, id: number) {
  const taken = await ctx.tx
    .selectFrom(table)
    .select('id')
    .where('id', '=', id as never)
    .executeTakeFirst();
  return taken ? undefined : id;
}

/**
 * PostgreSQL's id sequences do not see rows inserted with their own id: each is moved past the
 * table's highest id, so the console's next insert does not collide.
 */
export async function resyncIdSequences(ctx: ImportContext, tables: IdTable[]): Promise<void> {
  if (!isPostgres(ctx.tx as never)) return;
  for (const table of tables) {
    const quoted = `"${table}"`;
    await sql`select setval(pg_get_serial_sequence(${quoted}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      ctx.tx,
    );
  }
}

/** goploy's `datetime` text (its host's local time) as epoch milliseconds; null when unset. */
export function goployTime(text: string | null | undefined): number | null {
  if (!text || text.startsWith('0000-00-00')) return null;
  const ms = new Date(text.replace(' ', 'T')).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** The first problem zod finds, worded as the console's 10003 answers word it. */
export function firstProblem(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'row';
  return `${field} ${issue?.message ?? 'is invalid'}`;
}
