import type { Selectable } from 'kysely';
import { containsText } from '../../db/contains-text.js';
import type { Db } from '../../db/database.js';
import type { NotificationAttemptTable, NotificationDeliveryTable } from '../../db/schema.js';

export type DeliveryRecord = Selectable<NotificationDeliveryTable>;
export type AttemptRecord = Selectable<NotificationAttemptTable>;

export interface DeliveryFilter {
  namespaceId: number;
  projectId: number;
  channel: number;
  state: string;
  subject: string;
}

/** The delivery log's reads, always within one namespace. */
export function createDeliveryRepository(db: Db) {
  const filtered = (f: DeliveryFilter) => {
    let q = db.selectFrom('notification_delivery').where('namespace_id', '=', f.namespaceId);
    if (f.projectId) q = q.where('project_id', '=', f.projectId);
    if (f.channel) q = q.where('channel', '=', f.channel);
    if (f.state) q = q.where('state', '=', f.state);
    if (f.subject) q = q.where(containsText('subject', f.subject));
    return q;
  };
  return {
    list: (f: DeliveryFilter, page: number, rows: number) =>
      filtered(f)
        .selectAll()
        .orderBy('id', 'desc')
        .limit(rows)
        .offset((page - 1) * rows)
        .execute(),

    async total(f: DeliveryFilter): Promise<number> {
      const r = await filtered(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    byId: (id: number, namespaceId: number) =>
      db
        .selectFrom('notification_delivery')
        .selectAll()
        .where('id', '=', id)
        .where('namespace_id', '=', namespaceId)
        .executeTakeFirst(),

    attempts: (deliveryId: number) =>
      db
        .selectFrom('notification_attempt')
        .selectAll()
        .where('delivery_id', '=', deliveryId)
        .orderBy('id')
        .execute(),
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
