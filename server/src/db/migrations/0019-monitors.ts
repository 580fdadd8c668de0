import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Application monitors: goploy's `monitor` (reference §3) plus the engine's state and claim, the
 * raw results (`monitor_check`, compact: a message only when a check failed), their roll-ups per
 * minute and per hour (`monitor_rollup`, `span` 60 or 3600 seconds) and the outages
 * (`monitor_incident`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('monitor'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('second', 'integer', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addColumn('silent_cycle', 'integer', (c) => c.notNull())
    .addColumn('notify_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_target', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('notify_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('error_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('success_server_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_script', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('success_script_always', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_server_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_script', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_script_always', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('down_since', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_alert_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('alerts_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('incident_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_check_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_latency_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_check', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monitor_namespace').on('monitor').column('namespace_id').execute();
  await db.schema
    .createIndex('monitor_due')
    .on('monitor')
    .columns(['state', 'next_check'])
    .execute();

  // No id: a row is a monitor's check at a time; one index serves the chart and the pruning
  // (per monitor), so that a check costs little more than its row.
  await db.schema
    .createTable('monitor_check')
    .addColumn('monitor_id', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('ok', 'smallint', (c) => c.notNull())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('message', 'text')
    .execute();
  await db.schema
    .createIndex('monitor_check_time')
    .on('monitor_check')
    .columns(['monitor_id', 'time'])
    .execute();

  await db.schema
    .createTable('monitor_rollup')
    .addColumn('monitor_id', 'integer', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('latency_min', 'integer', (c) => c.notNull())
    .addColumn('latency_sum', 'bigint', (c) => c.notNull())
    .addColumn('latency_max', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('monitor_rollup_pk', ['monitor_id', 'span', 'time'])
    .execute();
  await db.schema
    .createIndex('monitor_rollup_prune')
    .on('monitor_rollup')
    .columns(['span', 'time'])
    .execute();

  await withId(db, db.schema.createTable('monitor_incident'))
    .addColumn('monitor_id', 'integer', (c) => c.notNull())
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('alerts_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recovery_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_script_output', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('success_script_output', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('monitor_incident_monitor')
    .on('monitor_incident')
    .columns(['monitor_id', 'start_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monitor_incident').execute();
  await db.schema.dropTable('monitor_rollup').execute();
  await db.schema.dropTable('monitor_check').execute();
  await db.schema.dropTable('monitor').execute();
}
