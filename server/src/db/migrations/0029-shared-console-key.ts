import type { Kysely } from 'kysely';

/**
 * The SSH key pair every console on one PostgreSQL database logs in with (decision 0044): the
 * first console's, sealed with the secret key the consoles share, so that servers trust one key
 * whichever console connects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_key')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('sealed_private_key', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('insert_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_key').execute();
}
