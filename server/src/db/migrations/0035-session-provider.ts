import type { Kysely } from 'kysely';

/**
 * `session.provider`: how the session was opened (`local`, `ldap`, `link`, `dingtalk`,
 * `feishu`). `session.checked_time`: when the directory last said the member may stay (LDAP
 * sessions are checked again every `FERRY_LDAP_RECHECK_MINUTES`, and end when it says no).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('session')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull().defaultTo('local'))
    .execute();
  await db.schema
    .alterTable('session')
    .addColumn('checked_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('session').dropColumn('checked_time').execute();
  await db.schema.alterTable('session').dropColumn('provider').execute();
}
