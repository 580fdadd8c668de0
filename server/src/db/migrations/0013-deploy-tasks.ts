import type { Kysely } from 'kysely';
import { withAuthors, withId } from './helpers.js';

/**
 * Scheduled deploys (goploy's project_task): a one-off deploy at `date` or a repeating one on
 * `cron`, its next due time, what its last run did, and the lease a console claims it with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAuthors(withId(db, db.schema.createTable('project_task')))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('branch', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('commit_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cron', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_run', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_run', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_run', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_token', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_result', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('project_task_due')
    .on('project_task')
    .columns(['state', 'next_run'])
    .execute();
  await db.schema
    .createIndex('project_task_project')
    .on('project_task')
    .columns(['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_task').execute();
}
