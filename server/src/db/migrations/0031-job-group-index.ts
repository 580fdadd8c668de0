import type { Kysely } from 'kysely';

/**
 * The jobs of a group newest first: the claim reads, for each queued job, whether its group has
 * one running or older queued, and which console ran its group last (decision 0044). Without an
 * index these read the whole job table, which keeps every deploy ever queued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('job_group').on('job').columns(['group_key', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_group').execute();
}
