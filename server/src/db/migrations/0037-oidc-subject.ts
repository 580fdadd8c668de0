import type { Kysely } from 'kysely';

/**
 * `user.oidc_subject`: the OpenID Connect provider's issuer and subject (`iss sub`) of the member
 * who signed in as this user, kept from the first sign-in on. The account claim can change at a
 * provider; the subject cannot, so a later sign-in under the same account by someone else is
 * refused. '' for a user who never signed in through OpenID Connect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('oidc_subject', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('oidc_subject').execute();
}
