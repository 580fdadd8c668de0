import type { Kysely } from 'kysely';

/**
 * Warning rules now send a recovery notice through the `server_monitor` templates, whose defaults
 * gained a recovery branch. A namespace's copy still equal to the earlier default (never edited)
 * becomes the new default, so a recovery does not read as a warning; an edited copy is left as
 * its author wrote it. The texts are frozen here, as of this change.
 */
const SERVER =
  '{{server.name}} ({{server.host}}){{#if server.description}} {{server.description}}{{/if}}';
const WAS = '{{rule.formula}} value: {{cycleValue}}, {{rule.operator}} {{rule.value}}';
const BACK = 'Recovered after {{breachTime}}: {{rule.formula}} value {{cycleValue}}';
const STATE = '{{#if recovered}}recovered{{else}}warning{{/if}}';

/** Per channel (1 WeCom, 2 DingTalk, 3 Feishu): the earlier default and the new one. */
const CHANGES: { type: number; from: [string, string]; to: [string, string] }[] = [
  {
    type: 1,
    from: [
      '## {{server.name}} {{rule.item}} warning',
      [
        `> Server: ${SERVER}`,
        '> Item: {{rule.item}}',
        `> <font color="warning">${WAS}</font>`,
        '> Time: {{time}}',
      ].join('\n'),
    ],
    to: [
      `## {{server.name}} {{rule.item}} ${STATE}`,
      [
        `> Server: ${SERVER}`,
        '> Item: {{rule.item}}',
        `{{#if recovered}}> <font color="info">${BACK}</font>{{else}}> <font color="warning">${WAS}</font>{{/if}}`,
        '> Time: {{time}}',
      ].join('\n'),
    ],
  },
  {
    type: 2,
    from: [
      '{{server.name}} {{rule.item}} warning',
      [
        '#### {{server.name}} {{rule.item}} warning',
        `- Server: ${SERVER}`,
        '- Item: {{rule.item}}',
        `- <font color=#f5222d>${WAS}</font>`,
        '- Time: {{time}}',
      ].join('\n'),
    ],
    to: [
      `{{server.name}} {{rule.item}} ${STATE}`,
      [
        `#### {{server.name}} {{rule.item}} ${STATE}`,
        `- Server: ${SERVER}`,
        '- Item: {{rule.item}}',
        `{{#if recovered}}- <font color=#52c41a>${BACK}</font>{{else}}- <font color=#f5222d>${WAS}</font>{{/if}}`,
        '- Time: {{time}}',
      ].join('\n'),
    ],
  },
  {
    type: 3,
    from: [
      '{{server.name}} {{rule.item}} warning',
      [`Server: ${SERVER}`, 'Item: {{rule.item}}', WAS, 'Time: {{time}}'].join('\n'),
    ],
    to: [
      `{{server.name}} {{rule.item}} ${STATE}`,
      [
        `Server: ${SERVER}`,
        'Item: {{rule.item}}',
        `{{#if recovered}}${BACK}{{else}}${WAS}{{/if}}`,
        'Time: {{time}}',
      ].join('\n'),
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { type, from, to } of CHANGES) {
    await (db as Kysely<NotificationTemplates>)
      .updateTable('notification_template')
      .set({ title: to[0], template: to[1] })
      .where('use_by', '=', 'server_monitor')
      .where('type', '=', type)
      .where('title', '=', from[0])
      .where('template', '=', from[1])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { type, from, to } of CHANGES) {
    await (db as Kysely<NotificationTemplates>)
      .updateTable('notification_template')
      .set({ title: from[0], template: from[1] })
      .where('use_by', '=', 'server_monitor')
      .where('type', '=', type)
      .where('title', '=', to[0])
      .where('template', '=', to[1])
      .execute();
  }
}

interface NotificationTemplates {
  notification_template: { type: number; use_by: string; title: string; template: string };
}

/** For the test: the texts this migration moves between. */
export const RECOVERY_TEMPLATE_CHANGES = CHANGES;
