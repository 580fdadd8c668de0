import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Several consoles, what they share (decision 0044):
 * - `cluster_message`: messages between consoles too large for a PostgreSQL notification (8000
 *   bytes): the sender stores the body here and notifies its id; removed a minute later;
 * - `job.stage` / `job.stage_since`: the stage a running deploy is in, so that a console that
 *   does not run it answers its progress as well as the one that does;
 * - `short_lived`: what must hold across consoles for a minute or two (captcha challenges, signed
 *   login links already used), by kind and the SHA-256 of its key, until `expires_at`;
 * - `rate_count`: the rate limits' counters (requests of one address to one route in the current
 *   window), so that an address gets the same number of tries over all consoles as on one;
 * - `cluster_lock`: work done one at a time per key over all consoles (an nginx change on one
 *   server, an upload to one path), held by a console under a lease it renews.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('cluster_message'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cluster_message_time')
    .on('cluster_message')
    .column('insert_time')
    .execute();
  await db.schema
    .createTable('short_lived')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('short_lived_pk', ['kind', 'key_hash'])
    .execute();
  await db.schema
    .createIndex('short_lived_expires')
    .on('short_lived')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('rate_count')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cluster_lock')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_count_reset').on('rate_count').column('reset_at').execute();
  await db.schema
    .alterTable('job')
    .addColumn('stage', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('job')
    .addColumn('stage_since', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('stage_since').execute();
  await db.schema.alterTable('job').dropColumn('stage').execute();
  await db.schema.dropTable('cluster_lock').execute();
  await db.schema.dropTable('rate_count').execute();
  await db.schema.dropTable('short_lived').execute();
  await db.schema.dropTable('cluster_message').execute();
}
