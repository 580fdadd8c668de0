import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/** The tables with a `notify_target` column (projects, monitors, warning rules, cron jobs). */
const TABLES = ['project', 'monitor', 'server_warning_rule', 'cron'];

/**
 * Notification addresses are stored sealed (decision 0039): a sealed 2,048-character address is
 * longer than `varchar(2048)`, so PostgreSQL's columns become `text` (SQLite does not enforce a
 * length). The addresses themselves are sealed when the console starts, which holds the key;
 * migrations do not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .alterColumn('notify_target', (c) => c.setDataType('text'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .alterColumn('notify_target', (c) => c.setDataType('varchar(2048)'))
      .execute();
  }
}
