import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Signed webhooks: each project's sealed webhook secret ('' for projects made before, which
 * accept unsigned deliveries as goploy did) and the log of every delivery that named a project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('project')
    .addColumn('webhook_secret', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('webhook_delivery'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('branch', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('commit_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('accepted', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('deploy_token', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('remote_addr', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_delivery_project')
    .on('webhook_delivery')
    .columns(['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.alterTable('project').dropColumn('webhook_secret').execute();
}
