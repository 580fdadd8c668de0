import {
  DEFAULT_TEMPLATES,
  NOTIFY_USES,
  TEMPLATE_CHANNELS,
  type NotifyTemplateText,
  type NotifyUse,
  type TemplateChannel,
} from '@ferry/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NotificationTemplateTable } from '../../db/schema.js';

export type TemplateRow = Selectable<NotificationTemplateTable>;

/**
 * A namespace's templates, one per channel and use. A namespace gets the defaults the first time
 * its templates are read or used (insert, ignoring rows another request inserted meanwhile).
 */
export function createTemplateRepository(db: Db) {
  async function ensure(namespaceId: number, now: number): Promise<void> {
    const have = await db
      .selectFrom('notification_template')
      .select(['type', 'use_by'])
      .where('namespace_id', '=', namespaceId)
      .execute();
    const present = new Set(have.map((r) => `${r.type}/${r.use_by}`));
    const missing = TEMPLATE_CHANNELS.flatMap((type) =>
      NOTIFY_USES.filter((use) => !present.has(`${type}/${use}`)).map((use) => ({
        namespace_id: namespaceId,
        type,
        use_by: use,
        ...DEFAULT_TEMPLATES[type][use],
        insert_time: now,
        update_time: now,
      })),
    );
    if (missing.length === 0) return;
    await db
      .insertInto('notification_template')
      .values(missing)
      .onConflict((oc) => oc.columns(['namespace_id', 'type', 'use_by']).doNothing())
      .execute();
  }

  return {
    async list(namespaceId: number, now: number): Promise<TemplateRow[]> {
      await ensure(namespaceId, now);
      return db
        .selectFrom('notification_template')
        .selectAll()
        .where('namespace_id', '=', namespaceId)
        .orderBy('id', 'desc')
        .execute();
    },

    async find(
      namespaceId: number,
      type: TemplateChannel,
      use: NotifyUse,
      now: number,
    ): Promise<NotifyTemplateText> {
      await ensure(namespaceId, now);
      const row = await db
        .selectFrom('notification_template')
        .select(['title', 'template'])
        .where('namespace_id', '=', namespaceId)
        .where('type', '=', type)
        .where('use_by', '=', use)
        .executeTakeFirst();
      return row ?? DEFAULT_TEMPLATES[type][use];
    },

    byId: (id: number, namespaceId: number) =>
      db
        .selectFrom('notification_template')
        .selectAll()
        .where('id', '=', id)
        .where('namespace_id', '=', namespaceId)
        .executeTakeFirst(),

    async update(id: number, text: NotifyTemplateText, now: number): Promise<void> {
      await db
        .updateTable('notification_template')
        .set({ ...text, update_time: now })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
