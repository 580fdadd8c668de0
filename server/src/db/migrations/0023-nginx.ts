import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Nginx management (reference §7.10):
 * - `server_nginx`: the binary typed for a server where no running master is found, with the
 *   prefix, main configuration and error log to give it (`-p`, `-c`, `-e`; '' when not given);
 * - `nginx_config_version`: the contents of a server's configuration files as the console changed
 *   them (the first change also keeps the `original`); the last 100 per file are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_nginx')
    .addColumn('server_id', 'integer', (c) => c.primaryKey())
    .addColumn('binary', 'varchar(1024)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('conf', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('error_log', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('editor_id', 'integer', (c) => c.notNull())
    .addColumn('editor', 'varchar(255)', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('nginx_config_version'))
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(4096)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.notNull())
    .addColumn('creator', 'varchar(255)', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('nginx_config_version_file')
    .on('nginx_config_version')
    .columns(['server_id', 'path', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nginx_config_version').execute();
  await db.schema.dropTable('server_nginx').execute();
}
