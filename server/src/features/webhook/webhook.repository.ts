import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { projectPage } from '../../db/project-page.js';
import type { WebhookDeliveryTable } from '../../db/schema.js';

export type WebhookDeliveryRecord = Selectable<WebhookDeliveryTable>;

/** How many deliveries each project keeps; older ones go as new ones come. */
export const DELIVERIES_KEPT = 200;

/**
 * The webhook's tables: the project row a delivery names (whatever its namespace or state: the
 * service decides) with its sealed secret, and the delivery log.
 */
export function createWebhookRepository(db: Db) {
  return {
    projectById: (id: number) =>
      db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirst(),

    async setSecret(projectId: number, sealed: string, now: number): Promise<void> {
      await db
        .updateTable('project')
        .set({ webhook_secret: sealed, update_time: now })
        .where('id', '=', projectId)
        .execute();
    },

    /** Records one delivery and drops the project's deliveries beyond the last DELIVERIES_KEPT. */
    async record(row: Insertable<WebhookDeliveryTable>): Promise<void> {
      await db.insertInto('webhook_delivery').values(row).execute();
      const oldestDropped = await db
        .selectFrom('webhook_delivery')
        .select('id')
        .where('project_id', '=', row.project_id)
        .orderBy('id', 'desc')
        .limit(1)
        .offset(DELIVERIES_KEPT)
        .executeTakeFirst();
      if (!oldestDropped) return;
      await db
        .deleteFrom('webhook_delivery')
        .where('project_id', '=', row.project_id)
        .where('id', '<=', oldestDropped.id)
        .execute();
    },

    /** A project's deliveries, a page at a time, newest first. */
    page: projectPage(db, 'webhook_delivery'),
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
