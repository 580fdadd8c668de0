import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * goploy's sftp_log: one row per file-manager action (listing, preview, download, upload, edit,
 * rename, copy, delete, and ours: transfer, new directory), with our `state` (1 ok, 0 failed)
 * and `detail` (the other side: a new name, destinations, bytes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('sftp_log'))
    .addColumn('namespace_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('remote_addr', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reason', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sftp_log_namespace')
    .on('sftp_log')
    .columns(['namespace_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sftp_log').execute();
}
