import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Server metrics (reference §3 `server_agent_log`, `server_monitor`; §7.8, §7.9), as numbers:
 * - `server_metric`: raw samples, one row per server, item and time (no id: the primary key is the
 *   one index the chart, the rules and the pruning read), kept for the raw retention;
 * - `server_metric_rollup`: per `span` (300 or 3600 seconds) the count, min, sum and max of an
 *   item's samples in that bucket, for long chart ranges;
 * - `server_metric_source`: how each server is collected (pull, push, off), the pull scheduler's
 *   due time and claim, the last collection, and the push agent (its key sealed);
 * - `agent_report_seen`: signatures of accepted agent reports until they expire (no replay);
 * - `server_warning_rule`: goploy's warning rules plus the evaluation's state and claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_metric')
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('item', 'varchar(128)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('server_metric_pk', ['server_id', 'item', 'time'])
    .execute();
  await db.schema.createIndex('server_metric_time').on('server_metric').column('time').execute();

  await db.schema
    .createTable('server_metric_rollup')
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('item', 'varchar(128)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('server_metric_rollup_pk', ['server_id', 'span', 'item', 'time'])
    .execute();
  await db.schema
    .createIndex('server_metric_rollup_prune')
    .on('server_metric_rollup')
    .columns(['span', 'time'])
    .execute();

  await db.schema
    .createTable('server_metric_source')
    .addColumn('server_id', 'integer', (c) => c.primaryKey())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull().defaultTo('pull'))
    .addColumn('interval_s', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('last_sample_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_collect', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('agent_state', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('agent_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('agent_path', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('agent_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('agent_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('server_metric_source_due')
    .on('server_metric_source')
    .columns(['mode', 'next_collect'])
    .execute();

  await db.schema
    .createTable('agent_report_seen')
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('sign', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_report_seen_pk', ['server_id', 'sign'])
    .execute();
  await db.schema
    .createIndex('agent_report_seen_expires')
    .on('agent_report_seen')
    .column('expires')
    .execute();

  await withId(db, db.schema.createTable('server_warning_rule'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('item', 'varchar(128)', (c) => c.notNull())
    .addColumn('formula', 'varchar(8)', (c) => c.notNull())
    .addColumn('operator', 'varchar(4)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('group_cycle', 'integer', (c) => c.notNull())
    .addColumn('last_cycle', 'integer', (c) => c.notNull())
    .addColumn('silent_cycle', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull().defaultTo('00:00'))
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull().defaultTo('23:59'))
    .addColumn('notify_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_target', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ok'))
    .addColumn('breach_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_value', 'double precision')
    .addColumn('last_eval_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_alert_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('next_eval', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('server_warning_rule_server')
    .on('server_warning_rule')
    .columns(['server_id', 'namespace_id'])
    .execute();
  await db.schema
    .createIndex('server_warning_rule_due')
    .on('server_warning_rule')
    .column('next_eval')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_warning_rule').execute();
  await db.schema.dropTable('agent_report_seen').execute();
  await db.schema.dropTable('server_metric_source').execute();
  await db.schema.dropTable('server_metric_rollup').execute();
  await db.schema.dropTable('server_metric').execute();
}
