import type { Kysely } from 'kysely';

/**
 * Sign-in through a directory (LDAP). `namespace_user.origin` and `user.super_manager_origin`:
 * '' when given by hand in Ferry, `ldap` when the directory's groups gave it (brought in line at
 * each sign-in; what was given by hand stays). `login_log.provider`: how the attempt signed in
 * (`local`, `ldap`, `link` for signed links).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('namespace_user')
    .addColumn('origin', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('super_manager_origin', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('login_log')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull().defaultTo('local'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_log').dropColumn('provider').execute();
  await db.schema.alterTable('user').dropColumn('super_manager_origin').execute();
  await db.schema.alterTable('namespace_user').dropColumn('origin').execute();
}
