import type { Kysely } from 'kysely';

/**
 * Releases are recorded before their transfer, as incomplete, and marked complete when the deploy
 * path is switched to them (rows from before are complete).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('project_release')
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project_release').dropColumn('complete').execute();
}
