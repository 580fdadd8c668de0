import type { Kysely } from 'kysely';

/**
 * What `npm run import:goploy` carried over: for each goploy row, the Ferry row it became (or was
 * merged into) and a digest of the goploy row as read, so a second import adds only what is new
 * and reports a row changed in goploy since, instead of duplicating or overwriting it
 * (docs/decisions/0047).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goploy_import')
    .addColumn('source_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('import_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('goploy_import_pk', ['source_table', 'source_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('goploy_import').execute();
}
