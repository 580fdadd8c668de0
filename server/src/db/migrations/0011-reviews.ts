import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Deploy reviews: a publish a reviewer must approve first, with the request it will run as
 * (`payload`), who asked and who decided.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('project_review'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('branch', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('commit_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('review_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('deploy_token', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('creator_id', 'integer', (c) => c.notNull())
    .addColumn('creator', 'varchar(255)', (c) => c.notNull())
    .addColumn('editor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('editor', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_review_project')
    .on('project_review')
    .columns(['project_id', 'state', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_review').execute();
}
