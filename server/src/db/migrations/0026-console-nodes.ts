import type { Kysely } from 'kysely';

/**
 * Several consoles on one database (decision 0044):
 * - `console_node`: one row per console process, its heartbeat (`last_seen`) renewed every few
 *   seconds, so the others and the "Consoles" panel know which are up;
 * - `job.lease_owner` / `job.lease_until`: the console running a job and until when its lease
 *   holds; a lease that is not renewed expires and another console ends the job;
 * - `job.cancel_reason`: a cancel asked on one console for a job another console runs, read by
 *   that console when it renews its lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_node')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('started', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('draining', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('job')
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('job')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('job')
    .addColumn('cancel_reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('job').dropColumn('lease_until').execute();
  await db.schema.alterTable('job').dropColumn('lease_owner').execute();
  await db.schema.dropTable('console_node').execute();
}
