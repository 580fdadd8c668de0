import type { Kysely } from 'kysely';
import { withAuthors, withId } from './helpers.js';

/**
 * Cron jobs (reference §3 `cron`, `cron_log`; §7.6, §7.7), written into one fenced block of a
 * server's real crontab:
 * - `cron`: goploy's job columns plus the namespace that owns the job and its notification;
 * - `cron_log`: goploy's run columns plus the start, the duration, whether single mode skipped the
 *   run, and the run's key (unique per server, so a record read twice is stored once);
 * - `cron_fence`: per server, the crontab's user, the block Ferry last wrote and its checksum, and
 *   the due time and claim of the scheduled read of run records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAuthors(
    withId(db, db.schema.createTable('cron'))
      .addColumn('namespace_id', 'integer', (c) => c.notNull())
      .addColumn('server_id', 'integer', (c) => c.notNull())
      .addColumn('expression', 'varchar(255)', (c) => c.notNull())
      .addColumn('command', 'text', (c) => c.notNull())
      .addColumn('single_mode', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('log_level', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('notify_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('notify_target', 'varchar(2048)', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('cron_server')
    .on('cron')
    .columns(['server_id', 'namespace_id'])
    .execute();

  await withId(db, db.schema.createTable('cron_log'))
    .addColumn('cron_id', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('run_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('exec_code', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('report_time', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cron_log_run', ['server_id', 'run_key'])
    .execute();
  await db.schema
    .createIndex('cron_log_job')
    .on('cron_log')
    .columns(['cron_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('cron_fence')
    .addColumn('server_id', 'integer', (c) => c.primaryKey())
    .addColumn('crontab_user', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('block_checksum', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('block_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('write_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('next_read', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('read_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('cron_fence_due').on('cron_fence').column('next_read').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cron_fence').execute();
  await db.schema.dropTable('cron_log').execute();
  await db.schema.dropTable('cron').execute();
}
