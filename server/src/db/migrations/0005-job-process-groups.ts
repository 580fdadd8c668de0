import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The local process groups of running jobs, ended at the next start when the console died with
 * them running.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('job_process_group'))
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('pgid', 'integer', (c) => c.notNull())
    .addColumn('start_ticks', 'varchar(32)', (c) => c.notNull())
    .addColumn('boot_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_process_group_job')
    .on('job_process_group')
    .column('job_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_process_group').execute();
}
