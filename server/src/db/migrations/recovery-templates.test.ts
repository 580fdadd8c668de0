import { DEFAULT_TEMPLATES, type TemplateChannel } from '@ferry/contract';
import type { MigrationProvider } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite, type Db } from '../database.js';
import { RECOVERY_TEMPLATE_CHANGES } from './0021-server-monitor-recovery-templates.js';
import { migrationProvider } from './index.js';

/** Every migration before the one under test. */
const upTo0020: MigrationProvider = {
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(await migrationProvider.getMigrations()).filter(([name]) => name < '0021'),
    ),
};

describe('0021: the server_monitor templates gain their recovery branch', () => {
  let db: Db | undefined;
  afterEach(() => db?.destroy());

  it('moves untouched copies to the new default and leaves edited ones as written', async () => {
    db = openSqlite(':memory:');
    await migrateToLatest(db, upTo0020);
    const row = (namespaceId: number, type: number, title: string, template: string) => ({
      namespace_id: namespaceId,
      type,
      use_by: 'server_monitor',
      title,
      template,
      insert_time: 0,
      update_time: 0,
    });
    const edited = row(2, 1, 'Ops: {{server.name}}', 'my own words');
    await db
      .insertInto('notification_template')
      .values([
        ...RECOVERY_TEMPLATE_CHANGES.map((c) => row(1, c.type, ...c.from)),
        edited,
        row(3, 2, ...RECOVERY_TEMPLATE_CHANGES[0]!.from), // WeCom's text on DingTalk: not a default
      ])
      .execute();

    expect(await migrateToLatest(db)).toContain('0021-server-monitor-recovery-templates');

    const rows = await db
      .selectFrom('notification_template')
      .select(['namespace_id', 'type', 'title', 'template'])
      .orderBy('namespace_id')
      .orderBy('type')
      .execute();
    const channel = (type: number) => DEFAULT_TEMPLATES[type as TemplateChannel].server_monitor;
    expect(rows.filter((r) => r.namespace_id === 1)).toEqual(
      [1, 2, 3].map((type) => ({ namespace_id: 1, type, ...channel(type) })),
    );
    expect(rows.find((r) => r.namespace_id === 2)).toMatchObject({ title: edited.title });
    expect(rows.find((r) => r.namespace_id === 3)).toMatchObject({
      title: RECOVERY_TEMPLATE_CHANGES[0]!.from[0],
    });
  });
});
