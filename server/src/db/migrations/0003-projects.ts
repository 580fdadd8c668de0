import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/** Projects (repository secrets sealed by the secret box) and their server and member bindings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('project'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('repo_type', 'varchar(16)', (c) => c.notNull().defaultTo('git'))
    .addColumn('url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('repo_auth_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('repo_username', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('repo_token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('repo_private_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('repo_credential_origin', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'varchar(4096)', (c) => c.notNull().defaultTo(''))
    .addColumn('path', 'varchar(1024)', (c) => c.notNull())
    .addColumn('environment', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('branch', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('symlink_path', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('symlink_backup_number', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('review_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('script', 'text', (c) => c.notNull())
    .addColumn('transfer_type', 'varchar(16)', (c) => c.notNull().defaultTo('rsync'))
    .addColumn('transfer_option', 'varchar(4096)', (c) => c.notNull().defaultTo(''))
    .addColumn('deploy_server_mode', 'varchar(16)', (c) => c.notNull().defaultTo('parallel'))
    .addColumn('max_parallel_servers', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('build_timeout', 'integer', (c) => c.notNull().defaultTo(1800))
    .addColumn('transfer_timeout', 'integer', (c) => c.notNull().defaultTo(1800))
    .addColumn('after_deploy_timeout', 'integer', (c) => c.notNull().defaultTo(600))
    .addColumn('auto_deploy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deploy_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publisher_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publisher_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_publish_token', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('notify_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_target', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_namespace')
    .on('project')
    .columns(['namespace_id', 'state'])
    .execute();

  for (const [table, column] of [
    ['project_server', 'server_id'],
    ['project_user', 'user_id'],
  ] as const) {
    await withId(db, db.schema.createTable(table))
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn(column, 'integer', (c) => c.notNull())
      .addColumn('insert_time', 'bigint', (c) => c.notNull())
      .addColumn('update_time', 'bigint', (c) => c.notNull())
      .addUniqueConstraint(`${table}_pair`, ['project_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_user').execute();
  await db.schema.dropTable('project_server').execute();
  await db.schema.dropTable('project').execute();
}
