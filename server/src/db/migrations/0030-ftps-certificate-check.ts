import type { Kysely } from 'kysely';

/**
 * Whether an FTPS source skips the check of its server's certificate (0: checked, the default;
 * decision 0046). goploy always skips it; Ferry skips it only where a project says so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('project')
    .addColumn('repo_tls_skip_verify', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project').dropColumn('repo_tls_skip_verify').execute();
}
