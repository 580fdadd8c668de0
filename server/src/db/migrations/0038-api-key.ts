import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * `api_key`: a member's named, scoped API keys (beyond goploy's one key per user, which stays in
 * `user.api_key`). Only the key's SHA-256 is kept (`key_hash`), with its first characters to
 * recognise it (`key_prefix`). `namespace_ids` and `project_ids` are JSON lists (no project
 * listed: every project of those namespaces); `role_id` caps the member's own rights; times are
 * milliseconds, `revoke_time` 0 while the key works.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('api_key'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('namespace_ids', 'text', (c) => c.notNull())
    .addColumn('project_ids', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('last_use_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_use_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('revoke_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_key_user').on('api_key').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key').execute();
}
