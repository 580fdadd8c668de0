import {
  DEFAULT_TEMPLATES,
  NOTIFY_USES,
  notificationRoutes,
  TEMPLATE_CHANNELS,
  type NotifyUse,
  type TemplateChannel,
} from '@ferry/contract';
import { fromGoTemplate } from './go-template.js';
import type { GoployNamespace, GoployNotificationTemplate } from './goploy-rows.js';
import { eachNewRow, firstProblem, type ImportContext } from './import-context.js';
import { importedNamespaces } from './run-definition-import.js';

const templateForm = notificationRoutes.edit.input;

const CHANNEL = { 1: 'WeCom', 2: 'DingTalk', 3: 'Feishu' } as const;

/**
 * goploy's notification templates (global; the console's are per namespace). One goploy never
 * edited (`update_time` is still its `insert_time`) is goploy's seed: the console's own default
 * serves instead, written for the console's data. One the team edited is translated from Go
 * text/template into the console's language and replaces the default of that channel and use in
 * every namespace the import carried, except where the console's template was edited already. An
 * edit that does not translate is reported and the default serves (decision 0047).
 */
export async function importNotificationTemplates(
  ctx: ImportContext,
  rows: GoployNotificationTemplate[],
  namespaces: GoployNamespace[],
) {
  const targets = importedNamespaces(ctx, namespaces);
  await eachNewRow(ctx, 'notification_template', rows, async (g) => {
    const drop = (why: string) => void ctx.report.drop('notification_template', g.id, why);
    const type = g.type as TemplateChannel;
    const use = g.use_by as NotifyUse;
    if (!TEMPLATE_CHANNELS.includes(type) || !NOTIFY_USES.includes(use)) {
      return drop(`is for channel ${g.type} and use ${g.use_by}, which have no template`);
    }
    const which = `${CHANNEL[type]} ${use}`;
    if (g.update_time === g.insert_time) {
      return drop(`is goploy's ${which} template as seeded: the console's default serves`);
    }
    const title = fromGoTemplate(g.title, use);
    const body = fromGoTemplate(g.template, use);
    const problem = 'problem' in title ? title.problem : 'problem' in body ? body.problem : '';
    if (problem || !('text' in title) || !('text' in body)) {
      return drop(
        `was edited in goploy, but ${problem}: the console's ${which} default serves; make the edit again on the Notification page`,
      );
    }
    const form = templateForm.safeParse({ id: 1, title: title.text, template: body.text });
    if (!form.success) {
      return drop(
        `was edited in goploy, but its translation ${firstProblem(form.error)}: the console's ${which} default serves`,
      );
    }
    const text = { title: form.data.title, template: form.data.template };
    const ids: number[] = [];
    for (const namespaceId of targets) {
      const have = await ctx.tx
        .selectFrom('notification_template')
        .select(['id', 'title', 'template'])
        .where('namespace_id', '=', namespaceId)
        .where('type', '=', type)
        .where('use_by', '=', use)
        .executeTakeFirst();
      const seed = DEFAULT_TEMPLATES[type][use];
      if (have && (have.title !== seed.title || have.template !== seed.template)) {
        ctx.report.note(
          'notification_template',
          g.id,
          `namespace ${namespaceId} has its own ${which} template, edited in the console: it keeps it`,
        );
        continue;
      }
      if (have) {
        await ctx.tx
          .updateTable('notification_template')
          .set({ ...text, update_time: ctx.now })
          .where('id', '=', have.id)
          .execute();
        ids.push(have.id);
        continue;
      }
      const row = await ctx.tx
        .insertInto('notification_template')
        .values({
          namespace_id: namespaceId,
          type,
          use_by: use,
          ...text,
          insert_time: ctx.now,
          update_time: ctx.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    if (ids.length === 0) return drop('every imported namespace keeps its own');
    ctx.report.note(
      'notification_template',
      g.id,
      `was edited in goploy: it is the ${which} template of ${ids.length} namespace(s), translated to the console's template language`,
    );
    return { id: ids[0]! };
  });
}
