import type { Kysely } from 'kysely';

/** Marks of terminal recordings and deploy logs whose files retention removed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('terminal_log')
    .addColumn('record_pruned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('job')
    .addColumn('log_pruned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('log_pruned').execute();
  await db.schema.alterTable('terminal_log').dropColumn('record_pruned').execute();
}
