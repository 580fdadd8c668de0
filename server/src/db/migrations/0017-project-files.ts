import type { Kysely } from 'kysely';
import { withAuthors, withId } from './helpers.js';

/**
 * Project files ("file sync"): text files kept with a project and written over its working copy
 * before the build of every deploy. goploy keeps them as plain files on its disk; ours are sealed
 * in the database (`content`), as other secrets are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAuthors(
    withId(db, db.schema.createTable('project_file'))
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('filename', 'varchar(1024)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('project_file_name')
    .on('project_file')
    .columns(['project_id', 'filename'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_file').execute();
}
