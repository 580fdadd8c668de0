import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Notifications: each namespace's templates (seeded from the defaults when first read), the
 * outbox of messages to deliver (claimed by a lease, so one console sends each) with every
 * attempt, and the signing secret of a project's notification channel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notification_template'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('use_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('notification_template_use', ['namespace_id', 'type', 'use_by'])
    .execute();

  await withId(db, db.schema.createTable('notification_delivery'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('use_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('target_host', 'varchar(255)', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_time', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('creator', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('sent_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('notification_delivery_due')
    .on('notification_delivery')
    .columns(['state', 'next_attempt_time'])
    .execute();
  await db.schema
    .createIndex('notification_delivery_namespace')
    .on('notification_delivery')
    .columns(['namespace_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('notification_attempt'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('http_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_attempt_delivery')
    .on('notification_attempt')
    .columns(['delivery_id', 'id'])
    .execute();

  await db.schema
    .alterTable('project')
    .addColumn('notify_secret', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project').dropColumn('notify_secret').execute();
  await db.schema.dropTable('notification_attempt').execute();
  await db.schema.dropTable('notification_delivery').execute();
  await db.schema.dropTable('notification_template').execute();
}
