import type { Kysely } from 'kysely';

/**
 * Passes that run once per period over every console on the database (decision 0044): the
 * pruning of monitor results, metrics and cron history. A console takes a period by moving
 * `next_run` forward, only while it is due, so of several consoles one runs each period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_pass')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('next_run', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_pass').execute();
}
