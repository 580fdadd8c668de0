import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * What the last sftp transfer of a project left on each server (the directory and its files with
 * sizes, times and content hashes), so the next transfer compares with it instead of listing the
 * server's tree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('transfer_manifest'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('server_id', 'integer', (c) => c.notNull())
    .addColumn('dest', 'varchar(1024)', (c) => c.notNull())
    .addColumn('entries', 'text', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('transfer_manifest_server', ['project_id', 'server_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transfer_manifest').execute();
}
