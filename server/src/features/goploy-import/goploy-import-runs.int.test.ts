import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, renderTemplate, SAMPLE_NOTICES } from '@ferry/contract';
import type { TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  createGoployDatabase,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import { goployNotificationTemplates } from '../../../test/goploy-notification-templates.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';
import { counted, runImport, testBox } from '../../../test/goploy-import-run.js';
import { isSealed } from '../../core/crypto.js';

const TABLES = [
  'server_process',
  'template',
  'project_process',
  'project_file',
  'notification_template',
  'goploy_import',
] as const;
const ENV_FILE = 'DB_PASSWORD=goploy-env-s3cret\nPORT=8080\n';
/** goploy's seeded ids: (use, channel) → 3 × use + channel. */
const DINGTALK_DEPLOY = 2;
const WECOM_SERVER_MONITOR = 7;

let maria: TestMariadb;
beforeAll(async () => {
  maria = await sharedMariadb();
}, 120_000);

describe("importing goploy's process groups, scripts, processes, files and notification templates", () => {
  let t: TestApp;
  let fx: GoployFixture;
  let goployUrl: string;
  let assetDir: string;
  let ns: { goploy: number; staging: number };
  let web: number;

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  }

  beforeAll(async () => {
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_runs'));
    fx = await seedGoploy(goployUrl);
    // The team edited two templates: DingTalk deploy (goploy's own vocabulary) and WeCom
    // server_monitor (with a function the console's templates do not have).
    const conn = await mysql.createConnection({ uri: goployUrl });
    await conn.query(
      'update notification_template set update_time = insert_time + interval 1 day where id = ?',
      [DINGTALK_DEPLOY],
    );
    await conn.query(
      'update notification_template set template = ?, update_time = insert_time + interval 1 day where id = ?',
      ['{{ printf "%s!" .Server.Name }} {{ .CycleValue }}', WECOM_SERVER_MONITOR],
    );
    await conn.end();
    // goploy's asset dir as goploy lays it out: repository/project-file/project_<id>/<filename>.
    assetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goploy-assets-'));
    const envFile = path.join(
      assetDir,
      'repository/project-file',
      `project_${fx.projects.web.id}`,
      'config/app.env',
    );
    fs.mkdirSync(path.dirname(envFile), { recursive: true });
    fs.writeFileSync(envFile, ENV_FILE);
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (assetDir) fs.rmSync(assetDir, { recursive: true, force: true });
  });

  it('leaves a project file out without --asset-dir, and says how to carry it', async () => {
    const r = await runImport(t, goployUrl, { dryRun: true });
    expect(r.refusals).toEqual([]);
    expect(counted(r, 'project_file')).toMatchObject({ read: 1, imported: 0, dropped: 1 });
    expect(r.notes).toContainEqual({
      table: 'project_file',
      id: 1,
      message: expect.stringMatching(/content not found: pass --asset-dir/),
    });
    expect(r.notCarried.map((n) => n.table)).not.toContain('project_file');
  });

  it('carries each table field by field, the file content sealed', async () => {
    const r = await runImport(t, goployUrl, { assetDir });
    expect(r.refusals).toEqual([]);
    expect(r.written).toBe(true);
    const byName = async (name: string) =>
      (
        await t.db
          .selectFrom('namespace')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    ns = { goploy: await byName('goploy'), staging: await byName('staging') };
    web = fx.projects.web.id;
    expect(counted(r, 'server_process')).toMatchObject({ read: 2, imported: 2 });
    expect(counted(r, 'template')).toMatchObject({ read: 2, imported: 2 });
    expect(counted(r, 'project_process')).toMatchObject({ read: 1, imported: 1 });
    expect(counted(r, 'project_file')).toMatchObject({ read: 1, imported: 1 });
    expect(counted(r, 'notification_template')).toMatchObject({
      read: 9,
      imported: 1,
      dropped: 8,
    });

    const groups = await t.db.selectFrom('server_process').selectAll().orderBy('name').execute();
    expect(groups).toMatchObject([
      {
        namespace_id: ns.staging,
        name: 'nginx',
        items: JSON.stringify([
          { name: 'status', command: 'systemctl status nginx --no-pager' },
          { name: 'reload', command: 'nginx -t && nginx -s reload' },
        ]),
      },
      {
        namespace_id: ns.goploy,
        name: 'system',
        items: '[{"name":"status","command":"uptime"}]',
      },
    ]);

    // goploy's scripts are global: each namespace it had gets a copy.
    const scripts = await t.db.selectFrom('template').selectAll().execute();
    expect(scripts.map((s) => [s.namespace_id, s.name])).toHaveLength(4);
    expect(scripts.map((s) => [s.namespace_id, s.name])).toEqual(
      expect.arrayContaining([
        [ns.goploy, 'disk usage'],
        [ns.goploy, 'top memory'],
        [ns.staging, 'disk usage'],
        [ns.staging, 'top memory'],
      ]),
    );
    expect(scripts.find((s) => s.name === 'disk usage')).toMatchObject({
      type: 1,
      interpreter: 'bash',
      content: 'df -h\n',
      description: 'Free space of every disk',
    });

    const app = 'cd ${PROJECT_PATH} && nohup node server.js > /dev/null 2>&1 &';
    expect(await t.db.selectFrom('project_process').selectAll().execute()).toMatchObject([
      {
        namespace_id: ns.goploy,
        project_id: web,
        name: 'web server',
        start: app,
        stop: 'pkill -f "node server.js"',
        status: 'pgrep -af "node server.js"',
        restart: `pkill -f "node server.js"; ${app}`,
      },
    ]);

    const [file] = await t.db.selectFrom('project_file').selectAll().execute();
    expect(file).toMatchObject({
      project_id: web,
      filename: 'config/app.env',
      size: ENV_FILE.length,
    });
    expect(isSealed(file!.content)).toBe(true);
    expect(testBox.open(file!.content)).toBe(ENV_FILE);
    expect(r.secrets).toContainEqual({ table: 'project_file', id: 1, field: 'content' });
    expect(JSON.stringify(r)).not.toContain('goploy-env-s3cret');
  });

  it("decides each notification template: goploy's seed gives way, an edit is translated or named", async () => {
    const r = await runImport(t, goployUrl, { assetDir, dryRun: true });
    const notes = r.notes.filter((n) => n.table === 'notification_template');
    for (const id of [1, 3, 4, 5, 6, 8, 9]) {
      expect(notes, String(id)).toContainEqual({
        table: 'notification_template',
        id,
        message: expect.stringMatching(/as seeded: the console's default serves/),
      });
    }
    expect(notes).toContainEqual({
      table: 'notification_template',
      id: WECOM_SERVER_MONITOR,
      message: expect.stringMatching(/edited in goploy, but \{\{ printf .* has no counterpart/),
    });

    const rows = await t.db
      .selectFrom('notification_template')
      .selectAll()
      .where('type', '=', 2)
      .where('use_by', '=', 'deploy')
      .execute();
    expect(rows.map((x) => x.namespace_id).sort()).toEqual([ns.goploy, ns.staging].sort());
    const translated = rows[0]!;
    const goploys = goployNotificationTemplates()[DINGTALK_DEPLOY - 1]!;
    expect(translated.title).toBe('{{project.name}}');
    expect(translated.template).not.toMatch(/\{\{\s*\./);
    expect(translated.template).toContain('{{#each servers}}');
    // It says what goploy's said, with the console's data.
    const text = renderTemplate(translated.template, SAMPLE_NOTICES.deploy);
    expect(text).toContain('#### Deploy: shop-api');
    expect(text).toContain('- Tag: v2.4.1');
    expect(text).toContain('- Servers:web-1(10.0.0.11)web-2(10.0.0.12)');
    expect(text).toContain('- State: **fail**');
    expect(text).toContain('> web-2: after-deploy script exited with code 1');
    expect(goploys.template).toContain('.CommitInfo.Tag');
  });

  it('serves them through its own routes as goploy’s clients read them', async () => {
    const admin = await t.login('admin', fx.users.admin.password);
    const get = async <T>(route: string, nsId: number, query?: Record<string, number>) => {
      const res = await t.call<T>('GET', route, { token: admin, ns: nsId, query });
      expect(res.code, `${route} ${res.message}`).toBe(0);
      return res.data;
    };
    const groups = await get<{ list: { name: string; items: string }[] }>(
      '/server/getProcessList',
      ns.staging,
    );
    expect(groups.list).toMatchObject([{ name: 'nginx' }]);
    expect(JSON.parse(groups.list[0]!.items)).toHaveLength(2);

    const scripts = await get<{ list: { name: string; content: string }[] }>(
      '/template/getOption',
      ns.goploy,
      { type: 1 },
    );
    expect(scripts.list.map((s) => s.name).sort()).toEqual(['disk usage', 'top memory']);

    const processes = await get<{ list: { name: string; projectId: number }[] }>(
      '/project/getProcessList',
      ns.goploy,
      { projectId: web, page: 1, rows: 20 },
    );
    expect(processes.list).toMatchObject([{ name: 'web server', projectId: web }]);

    const files = await get<{ list: { id: number; filename: string; size: number }[] }>(
      '/project/getProjectFileList',
      ns.goploy,
      { id: web },
    );
    expect(files.list).toMatchObject([{ filename: 'config/app.env', size: ENV_FILE.length }]);
    const content = await get<{ content: string }>('/project/getProjectFileContent', ns.goploy, {
      id: files.list[0]!.id,
    });
    expect(content.content).toBe(ENV_FILE);

    const templates = await get<{
      list: { type: number; useBy: string; title: string; template: string }[];
    }>('/notification/getList', ns.goploy);
    expect(templates.list).toHaveLength(9);
    const of = (type: 1 | 2 | 3, useBy: 'deploy' | 'server_monitor') =>
      templates.list.find((x) => x.type === type && x.useBy === useBy)!;
    expect(of(2, 'deploy').title).toBe('{{project.name}}');
    expect(of(1, 'deploy')).toMatchObject(DEFAULT_TEMPLATES[1].deploy);
    expect(of(1, 'server_monitor')).toMatchObject(DEFAULT_TEMPLATES[1].server_monitor);
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    const r = await runImport(t, goployUrl, { assetDir });
    expect(r.refusals).toEqual([]);
    for (const table of ['server_process', 'template', 'project_process', 'project_file']) {
      expect(counted(r, table), table).toMatchObject({
        imported: 0,
        skipped: counted(r, table)!.read,
      });
    }
    expect(counted(r, 'notification_template')).toMatchObject({ imported: 0, skipped: 1 });
    expect(await counts()).toEqual(before);
  });

  it('refuses a file name that leaves the project, a file over 1 MiB, or a second group of a name, and writes nothing', async () => {
    const conn = await mysql.createConnection({ uri: goployUrl });
    await conn.query(
      'insert into project_file (id, project_id, filename) values (20, ?, ?), (21, ?, ?), (22, 999, ?), (23, ?, ?), (24, ?, ?)',
      [web, '../../goploy.toml', web, '/etc/passwd', 'a.env', web, 'lib/big.jar', web, 'tls.p12'],
    );
    // A keystore (bytes that are not UTF-8 text) is carried as a binary file; 1 MiB and a byte is not.
    const onDisk = (name: string, bytes: Buffer) => {
      const file = path.join(assetDir, 'repository/project-file', `project_${web}`, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes);
    };
    onDisk('lib/big.jar', Buffer.alloc(1024 * 1024 + 1, 0xff));
    onDisk('tls.p12', Buffer.from([0x30, 0x82, 0xff, 0x00, 0x80]));
    await conn.query(
      "insert into server_process (id, namespace_id, name, items) values (20, 1, 'system', '[]')",
    );
    await conn.end();
    const before = await counts();
    const r = await runImport(t, goployUrl, { assetDir });
    expect(r.written).toBe(false);
    expect(r.refusals).toEqual([
      { table: 'server_process', id: 20, message: expect.stringMatching(/^name system is taken/) },
      { table: 'project_file', id: 20, message: 'filename must not contain ".." segments' },
      {
        table: 'project_file',
        id: 21,
        message: 'filename must be relative to the working copy, not absolute',
      },
      { table: 'project_file', id: 23, message: 'content must be at most 1 MiB' },
    ]);
    expect(r.notes).toContainEqual({
      table: 'project_file',
      id: 22,
      message: 'names project 999, which was not imported',
    });
    expect(await counts()).toEqual(before);
  });
});
