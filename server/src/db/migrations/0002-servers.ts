import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/** Servers (secrets sealed by the secret box) and the terminal sessions opened on them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('server'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('ip', 'varchar(255)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(22))
    .addColumn('owner', 'varchar(255)', (c) => c.notNull())
    .addColumn('auth_type', 'varchar(16)', (c) => c.notNull().defaultTo('password'))
    .addColumn('path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('private_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('passphrase', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_ip', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_port', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('jump_owner', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_auth_type', 'varchar(16)', (c) => c.notNull().defaultTo('password'))
    .addColumn('jump_path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_password', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_private_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_passphrase', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('host_key', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('pending_host_key', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_host_key', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('pending_jump_host_key', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('os', 'varchar(16)', (c) => c.notNull().defaultTo('linux'))
    .addColumn('os_info', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_check_time', 'bigint')
    .addColumn('last_check_error', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('server_namespace').on('server').column('namespace_id').execute();

  await withId(db, db.schema.createTable('terminal_log'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('remote_addr', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('record_file', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint')
    .execute();
  await db.schema
    .createIndex('terminal_log_namespace')
    .on('terminal_log')
    .columns(['namespace_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('terminal_log').execute();
  await db.schema.dropTable('server').execute();
}
