import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NotificationDeliveryTable } from '../../db/schema.js';

export type DeliveryRow = Selectable<NotificationDeliveryTable>;

export interface AttemptRecord {
  deliveryId: number;
  attempt: number;
  httpStatus: number;
  code: string;
  message: string;
  durationMs: number;
  time: number;
}

/** The outbox's SQL. */
export function createOutboxRepository(db: Db) {
  return {
    async insert(row: Insertable<NotificationDeliveryTable>): Promise<number> {
      const r = await db
        .insertInto('notification_delivery')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    byId: (id: number) =>
      db.selectFrom('notification_delivery').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Pending rows due now whose lease (if any) has run out, oldest first. */
    due: (now: number, limit: number) =>
      db
        .selectFrom('notification_delivery')
        .selectAll()
        .where('state', '=', 'pending')
        .where('next_attempt_time', '<=', now)
        .where('lease_until', '<=', now)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** When the next pending row falls due (its retry time or the end of its lease). */
    async nextDue(): Promise<number | undefined> {
      const r = await db
        .selectFrom('notification_delivery')
        .select((eb) => [eb.fn.min('next_attempt_time').as('t'), eb.fn.min('lease_until').as('l')])
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (r?.t === null || r?.t === undefined) return undefined;
      return Math.max(Number(r.t), Number(r.l ?? 0));
    },

    async recordAttempt(a: AttemptRecord): Promise<void> {
      await db
        .insertInto('notification_attempt')
        .values({
          delivery_id: a.deliveryId,
          attempt: a.attempt,
          http_status: a.httpStatus,
          code: a.code.slice(0, 64),
          message: a.message.slice(0, 512),
          duration_ms: a.durationMs,
          insert_time: a.time,
        })
        .execute();
    },

    /** Writes the outcome of a try and gives up the lease, if `owner` still holds it. */
    async settle(
      id: number,
      owner: string,
      set: Pick<DeliveryRow, 'state' | 'attempts' | 'next_attempt_time' | 'last_error'> & {
        sent_time?: number;
        update_time: number;
      },
    ): Promise<boolean> {
      const r = await db
        .updateTable('notification_delivery')
        .set({ ...set, lease_owner: '', lease_until: 0 })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
