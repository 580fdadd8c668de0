import type { Kysely } from 'kysely';

/**
 * What a process run ran, kept beside its record (ours): `project_id` for a project process run
 * (who may stop it is whoever may read the project), and `process_id` with `process_item` for
 * both kinds of process run (the server process group and its button's name, or the project
 * process and its command), so the history can run it again. All null for batch scripts and for
 * runs recorded before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema.alterTable('remote_run').addColumn('project_id', 'integer').execute();
  await db.schema.alterTable('remote_run').addColumn('process_id', 'integer').execute();
  await db.schema.alterTable('remote_run').addColumn('process_item', 'varchar(255)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_run').dropColumn('process_item').execute();
  await db.schema.alterTable('remote_run').dropColumn('process_id').execute();
  await db.schema.alterTable('remote_run').dropColumn('project_id').execute();
}
