import type { Kysely } from 'kysely';

/**
 * Webhook replays (decision 0036):
 * - `webhook_claim`: what makes each signed push the one it is (a hash per key: the provider's
 *   delivery id, the signed body, Gitee's signature), claimed by one insert so that a copy is
 *   refused, also by another console on the same database; pruned after 7 days;
 * - `webhook_unsigned_call`: per project, how many calls came without a valid signature and
 *   when the last one came (the delivery log keeps only the newest few of them as rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_claim')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('claim', 'varchar(64)', (c) => c.notNull())
    .addColumn('claim_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_claim_pk', ['project_id', 'claim'])
    .execute();
  await db.schema
    .createIndex('webhook_claim_time')
    .on('webhook_claim')
    .column('claim_time')
    .execute();

  await db.schema
    .createTable('webhook_unsigned_call')
    .addColumn('project_id', 'integer', (c) => c.primaryKey())
    .addColumn('calls', 'bigint', (c) => c.notNull())
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_unsigned_call').execute();
  await db.schema.dropTable('webhook_claim').execute();
}
