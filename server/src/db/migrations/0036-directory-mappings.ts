import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * `directory_mapping`: which directory group (an LDAP group's DN, an OpenID Connect groups claim
 * value) gives which namespace and role, or super manager (`super_manager` 1, namespace and role
 * 0). `origin` `env`: from `FERRY_DIRECTORY_ROLES`, replaced at each start; '': made on the
 * "Sign-in" settings page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('directory_mapping'))
    .addColumn('group_name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('super_manager', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('namespace_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('origin', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('directory_mapping').execute();
}
