import type { Kysely } from 'kysely';

/** The namespace a user last worked in, so a sign-in on a fresh browser opens it again. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('last_namespace_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('last_namespace_id').execute();
}
