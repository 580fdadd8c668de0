import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The durable job queue (deploys wait and run here), the publish trace (goploy's per-stage record
 * of each deploy) and the releases the engine created on each server (the only directories it
 * ever prunes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('job'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .execute();
  await db.schema.createIndex('job_status').on('job').columns(['status', 'id']).execute();
  await db.schema.createIndex('job_token').on('job').column('token').execute();

  await withId(db, db.schema.createTable('publish_trace'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('project_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('publisher_id', 'integer', (c) => c.notNull())
    .addColumn('publisher_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ext', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('publish_trace_token').on('publish_trace').column('token').execute();
  await db.schema
    .createIndex('publish_trace_project')
    .on('publish_trace')
    .columns(['project_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('project_release'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_used_time', 'bigint', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('project_release_name', ['project_id', 'server_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_release').execute();
  await db.schema.dropTable('publish_trace').execute();
  await db.schema.dropTable('job').execute();
}
