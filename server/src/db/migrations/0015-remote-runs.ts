import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Remote runs (ours): a batch script or a process command run on a set of servers, with one row
 * per server holding its state, exit status and output (capped). `heartbeat_time` is renewed by
 * the console running it, so a run whose console stopped reads as interrupted; `stop_requested`
 * reaches the console running it from any console sharing the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('remote_run'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('interpreter', 'varchar(16)', (c) => c.notNull())
    .addColumn('script', 'text', (c) => c.notNull())
    .addColumn('timeout_s', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('heartbeat_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('remote_run_namespace')
    .on('remote_run')
    .columns(['namespace_id', 'kind', 'id'])
    .execute();

  await withId(db, db.schema.createTable('remote_run_server'))
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('server_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('server_ip', 'varchar(255)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('exit_code', 'integer')
    .addColumn('error', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('output', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('output_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stop_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('remote_run_server_run')
    .on('remote_run_server')
    .columns(['run_id', 'server_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_run_server').execute();
  await db.schema.dropTable('remote_run').execute();
}
