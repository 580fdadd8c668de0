import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/** Identity, namespaces, roles, sessions and the audit logs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('user'))
    .addColumn('account', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('super_manager', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('api_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('api_key_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_update_time', 'bigint')
    .addColumn('last_login_time', 'bigint')
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_api_key_hash').on('user').column('api_key_hash').execute();

  await withId(db, db.schema.createTable('namespace'))
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('namespace_user'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('namespace_user_pair', ['namespace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('namespace_user_user')
    .on('namespace_user')
    .column('user_id')
    .execute();

  await withId(db, db.schema.createTable('role'))
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('permission')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('role_permission'))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('permission_id', 'integer', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('role_permission_pair', ['role_id', 'permission_id'])
    .execute();

  await withId(db, db.schema.createTable('session'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_time', 'bigint', (c) => c.notNull())
    .addColumn('remote_addr', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_user').on('session').column('user_id').execute();

  await withId(db, db.schema.createTable('login_log'))
    .addColumn('account', 'varchar(30)', (c) => c.notNull())
    .addColumn('remote_addr', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('referer', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('login_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_log_account').on('login_log').column('account').execute();

  await db.schema
    .createTable('login_failure')
    .addColumn('account', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('operation_log'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('router', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('api', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_time', 'bigint', (c) => c.notNull())
    .addColumn('request_data', 'text', (c) => c.notNull())
    .addColumn('response_time', 'bigint', (c) => c.notNull())
    .addColumn('response_data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operation_log_namespace')
    .on('operation_log')
    .column('namespace_id')
    .execute();

  await withId(db, db.schema.createTable('system_config'))
    .addColumn('key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'system_config',
    'operation_log',
    'login_failure',
    'login_log',
    'session',
    'role_permission',
    'permission',
    'role',
    'namespace_user',
    'namespace',
    'user',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
