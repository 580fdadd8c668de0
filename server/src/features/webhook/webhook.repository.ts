import { UNPROVEN_REASONS, UNSIGNED_REASONS, type WebhookReason } from '@ferry/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { projectPage } from '../../db/project-page.js';
import type { WebhookDeliveryTable } from '../../db/schema.js';
import { CLAIM_KEPT_MS } from './webhook-replay.js';

export type WebhookDeliveryRecord = Selectable<WebhookDeliveryTable>;

/** How many signed deliveries each project keeps; older ones go as new ones come. */
export const DELIVERIES_KEPT = 200;

/**
 * How many refusals of calls not proven signed and new (UNPROVEN_REASONS) each project keeps as
 * rows: a flood of them cannot fill the log nor push the signed deliveries out of it.
 */
export const UNPROVEN_KEPT = 20;

const unproven = (reason: string) => UNPROVEN_REASONS.includes(reason as WebhookReason);

/**
 * The webhook's tables: the project row a delivery names (whatever its namespace or state: the
 * service decides) with its sealed secret, the delivery log, the claims of signed pushes and the
 * count of unsigned calls.
 */
export function createWebhookRepository(db: Db) {
  const page = projectPage(db, 'webhook_delivery');

  /** Drops the project's rows of the same pool (unproven or not) beyond the newest `kept`. */
  async function trim(projectId: number, isUnproven: boolean): Promise<void> {
    const kept = isUnproven ? UNPROVEN_KEPT : DELIVERIES_KEPT;
    const op = isUnproven ? 'in' : 'not in';
    await db
      .deleteFrom('webhook_delivery')
      .where('project_id', '=', projectId)
      .where('reason', op, UNPROVEN_REASONS)
      .where('id', '<=', (eb) =>
        eb
          .selectFrom('webhook_delivery')
          .select('id')
          .where('project_id', '=', projectId)
          .where('reason', op, UNPROVEN_REASONS)
          .orderBy('id', 'desc')
          .limit(1)
          .offset(kept),
      )
      .execute();
  }

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

    /** Records one delivery, keeps its pool bounded, and counts it when it was unsigned. */
    async record(row: Insertable<WebhookDeliveryTable>): Promise<void> {
      await db.insertInto('webhook_delivery').values(row).execute();
      const reason = row.reason ?? '';
      await trim(row.project_id, unproven(reason));
      if (!UNSIGNED_REASONS.includes(reason as WebhookReason)) return;
      await db
        .insertInto('webhook_unsigned_call')
        .values({ project_id: row.project_id, calls: 1, last_time: row.insert_time })
        .onConflict((oc) =>
          oc.column('project_id').doUpdateSet((eb) => ({
            calls: eb('webhook_unsigned_call.calls', '+', 1),
            last_time: row.insert_time,
          })),
        )
        .execute();
    },

    /**
     * SECURITY: claims a signed push's keys in one insert (atomic, so two consoles on one
     * database cannot both succeed): true when none was claimed before. Claims older than
     * CLAIM_KEPT_MS go first, along their time's index.
     */
    async claim(projectId: number, claims: string[], now: number): Promise<boolean> {
      await db
        .deleteFrom('webhook_claim')
        .where('claim_time', '<', now - CLAIM_KEPT_MS)
        .execute();
      const r = await db
        .insertInto('webhook_claim')
        .values(claims.map((claim) => ({ project_id: projectId, claim, claim_time: now })))
        .onConflict((oc) => oc.columns(['project_id', 'claim']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === claims.length;
    },

    /** Gives a push's claims back (it was not acted on, so the provider's resend may be). */
    async release(projectId: number, claims: string[]): Promise<void> {
      await db
        .deleteFrom('webhook_claim')
        .where('project_id', '=', projectId)
        .where('claim', 'in', claims)
        .execute();
    },

    /** A project's deliveries, a page at a time, newest first, with its unsigned calls' count. */
    async page<W>(
      projectId: number,
      at: { page: number; rows: number },
      present: (row: WebhookDeliveryRecord) => W,
    ) {
      const [list, unsigned] = await Promise.all([
        page(projectId, at, present),
        db
          .selectFrom('webhook_unsigned_call')
          .select(['calls', 'last_time'])
          .where('project_id', '=', projectId)
          .executeTakeFirst(),
      ]);
      return { ...list, unsigned };
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
