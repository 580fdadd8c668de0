import type { Kysely } from 'kysely';

/**
 * Whether a project file holds bytes that are not UTF-8 text (a keystore, an archive), sealed as
 * base64 (1) instead of as its text (0, the default). goploy's file sync takes any file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('project_file')
    .addColumn('is_binary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project_file').dropColumn('is_binary').execute();
}
