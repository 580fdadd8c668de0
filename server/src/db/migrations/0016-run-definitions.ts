import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * What the Script and process pages run, saved per namespace: goploy's `template` (saved scripts,
 * plus ours: namespace and interpreter), `server_process` (groups of named commands, `items` the
 * JSON text of `[{name, command}]`) and `project_process` (a project's status, start, stop and
 * restart commands, plus ours: namespace). Names are unique where the pages pick by name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('template'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('interpreter', 'varchar(16)', (c) => c.notNull().defaultTo('bash'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(2047)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('template_name')
    .on('template')
    .columns(['namespace_id', 'type', 'name'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('server_process'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('server_process_name')
    .on('server_process')
    .columns(['namespace_id', 'name'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('project_process'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('stop', 'text', (c) => c.notNull())
    .addColumn('restart', 'text', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_process_name')
    .on('project_process')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_process').execute();
  await db.schema.dropTable('server_process').execute();
  await db.schema.dropTable('template').execute();
}
