import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  createGoployDatabase,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import { ago } from '../../../test/goploy-schema.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';
import { changeGoploy, counted, rowCounts, runImport } from '../../../test/goploy-import-run.js';
import { readCast } from '../terminal/asciicast-recorder.js';
import { goployTime } from './import-context.js';

const LOGS = ['login_log', 'operation_log', 'sftp_log', 'terminal_log', 'cron_log'] as const;
/** goploy's recording of terminal session 1, header as goploy spells it (`Timestamp`). */
const CAST = [
  '{"version":2,"width":120,"height":32,"Timestamp":1717000000,"env":{"SHELL":"/bin/bash","TERM":"xterm"}}',
  '[0.05,"o","root@web-01:~# "]',
  '[1.2,"o","uptime\\r\\n 10:00:00 up 3 days,  1 user\\r\\n"]',
  '',
].join('\n');

const FILE_CONTENT = 'DB_PASSWORD=goploy-file-s3cret';

let maria: TestMariadb;
beforeAll(async () => {
  maria = await sharedMariadb();
}, 120_000);

describe("importing goploy's logs (--with-logs)", { timeout: 30_000 }, () => {
  let t: TestApp;
  let fx: GoployFixture;
  let goployUrl: string;
  let assetDir: string;
  /** Passwords and addresses goploy's operation log holds in clear. */
  let secrets: string[];
  /** The report of the import that carried the logs. */
  let carried: string;

  const logCounts = () => rowCounts(t, LOGS);
  const ferryId = async (table: string, id: number) =>
    Number(
      (
        await t.db
          .selectFrom('goploy_import')
          .select('target_id')
          .where('source_table', '=', table)
          .where('source_id', '=', id)
          .executeTakeFirstOrThrow()
      ).target_id,
    );
  /** A column of a goploy row as the import reads it (datetimes as goploy's text). */
  const goployText = async (table: string, column: string, id: number) => {
    const conn = await mysql.createConnection({ uri: goployUrl, dateStrings: true });
    try {
      const [rows] = await conn.query(`select \`${column}\` as v from \`${table}\` where id = ?`, [
        id,
      ]);
      return String((rows as { v: unknown }[])[0]?.v);
    } finally {
      await conn.end();
    }
  };
  const goployAt = async (table: string, column: string, id: number) =>
    goployTime(await goployText(table, column, id));
  const recordings = () =>
    fs.existsSync(path.join(t.dataDir, 'terminal-log'))
      ? fs.readdirSync(path.join(t.dataDir, 'terminal-log'), { recursive: true })
      : [];

  beforeAll(async () => {
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_logs'));
    fx = await seedGoploy(goployUrl);
    const { jump } = fx.servers;
    const dingtalk = fx.projects.site.notifyTarget;
    secrets = [fx.users.carol.password, jump.password, dingtalk, 'goploy-file-s3cret'];
    // goploy logs bodies whole: a server's password by name, a monitor's address, a project
    // file's content, and a password inside a command, where no field name says so.
    const op = (id: number, api: string, request: object) =>
      `insert into operation_log (id, user_id, namespace_id, router, api, request_time, request_data, response_time, response_data) values (${id}, 1, 1, '/server/index', '${api}', '${ago(40)}', '${JSON.stringify(request).replace(/'/g, "''")}', '${ago(40)}', '{"code":0,"message":"","data":{"id":9}}')`;
    await changeGoploy(
      goployUrl,
      op(20, '/server/edit', {
        id: jump.id,
        name: jump.name,
        ip: jump.ip,
        password: jump.password,
      }),
      op(21, '/monitor/add', { name: 'ping', notifyType: 2, notifyTarget: dingtalk }),
      op(23, '/project/addFile', { projectId: 1, filename: 'app.env', content: FILE_CONTENT }),
      op(22, '/server/executeScript', {
        serverIds: [jump.id],
        script: `sshpass -p ${jump.password} ssh root@10.0.1.12 uptime`,
      }),
    );
    // goploy's asset dir: the recording of session 1; session 2's is missing.
    assetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goploy-assets-'));
    fs.mkdirSync(path.join(assetDir, 'repository/terminal-log'), { recursive: true });
    fs.writeFileSync(path.join(assetDir, 'repository/terminal-log/1.cast'), CAST);
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (assetDir) fs.rmSync(assetDir, { recursive: true, force: true });
  });

  it('writes none of the logs without --with-logs, and says that it carries them', async () => {
    const before = await logCounts();
    const r = await runImport(t, goployUrl, { assetDir });
    expect(r.refusals).toEqual([]);
    expect(r.written).toBe(true);
    expect(await logCounts()).toEqual(before);
    for (const table of LOGS) {
      expect(counted(r, table), table).toBeUndefined();
      expect(r.notCarried).toContainEqual({
        table,
        rows: fx.counts[table] + (table === 'operation_log' ? 4 : 0),
        reason: 'left out: --with-logs carries the logs',
      });
    }
    expect(r.notCarried).toContainEqual({
      table: 'server_agent_log',
      rows: fx.counts.server_agent_log,
      reason: expect.stringMatching(/metrics samples/),
    });
    expect(recordings()).toEqual([]);
  });

  it('carries each log field by field with --with-logs, and the recording found', async () => {
    const r = await runImport(t, goployUrl, { assetDir, withLogs: true });
    carried = JSON.stringify(r);
    expect(r.refusals).toEqual([]);
    expect(r.written).toBe(true);
    expect(counted(r, 'user')).toMatchObject({ imported: 0, skipped: 4 });
    expect(counted(r, 'login_log')).toMatchObject({ read: 4, imported: 4 });
    expect(counted(r, 'operation_log')).toMatchObject({ read: 7, imported: 7 });
    expect(counted(r, 'sftp_log')).toMatchObject({ read: 3, imported: 3 });
    expect(counted(r, 'terminal_log')).toMatchObject({ read: 2, imported: 2 });
    expect(counted(r, 'cron_log')).toMatchObject({ read: 2, imported: 2 });
    expect(r.notCarried.map((n) => n.table)).toEqual(['server_agent_log']);
    const ns = await ferryId('namespace', 1);
    const alice = await ferryId('user', fx.users.alice.id);
    const admin = await ferryId('user', fx.users.admin.id);

    const logins = await t.db.selectFrom('login_log').selectAll().orderBy('id').execute();
    expect(logins.find((l) => l.remote_addr === '192.168.1.31:60122')).toMatchObject({
      account: 'alice',
      user_agent: expect.stringMatching(/^Mozilla\/5\.0 .*Chrome\/124/),
      referer: 'http://goploy.example.com/',
      reason: expect.stringMatching(/^We couldn't verify your identity/),
      login_time: await goployAt('login_log', 'login_time', 2),
    });

    const ops = await t.db.selectFrom('operation_log').selectAll().orderBy('id').execute();
    const publish = ops.find((o) => o.api === '/deploy/publish')!;
    expect(publish).toMatchObject({
      user_id: alice,
      namespace_id: ns,
      router: '/deploy/index',
      request_time: await goployAt('operation_log', 'request_time', 3),
    });
    expect(JSON.parse(publish.request_data)).toEqual({
      projectId: 1,
      commit: '',
      branch: '',
      serverIds: [],
      customVariables: [],
      _query: {},
    });
    expect(JSON.parse(publish.response_data)).toEqual({
      code: 0,
      message: '',
      // `token` is on the console's redaction list: masked as its own operations are.
      data: { token: '***' },
    });
    const upload = ops.find((o) => o.api === '/project/uploadFile')!;
    expect(JSON.parse(upload.request_data)).toEqual({
      _query: { filename: 'config/app.env', projectFileId: '0', projectId: '1' },
    });
    const addUser = ops.find((o) => o.api === '/user/add')!;
    expect(JSON.parse(addUser.request_data)).toMatchObject({ account: 'carol', password: '***' });
    expect(r.notes).toContainEqual({
      table: 'operation_log',
      id: 22,
      message: 'held a password goploy knew, in clear: masked',
    });

    const sftp = await t.db.selectFrom('sftp_log').selectAll().orderBy('id').execute();
    const server = await ferryId('server', 1);
    expect(sftp.find((s) => s.type === 'UPLOAD')).toMatchObject({
      namespace_id: ns,
      user_id: alice,
      server_id: server,
      remote_addr: '192.168.1.31:60188',
      path: '/etc/nginx/conf.d/web.conf',
      state: 0,
      reason: 'open /etc/nginx/conf.d/web.conf: permission denied',
      detail: '',
      insert_time: await goployAt('sftp_log', 'insert_time', 3),
    });
    expect(sftp.find((s) => s.type === 'READ')).toMatchObject({ state: 1, reason: '' });

    const terminals = await t.db.selectFrom('terminal_log').selectAll().orderBy('id').execute();
    const [first, second] = [await ferryId('terminal_log', 1), await ferryId('terminal_log', 2)];
    const one = terminals.find((x) => x.id === first)!;
    expect(one).toMatchObject({
      namespace_id: ns,
      user_id: admin,
      server_id: server,
      remote_addr: '192.168.1.20:53470',
      start_time: await goployAt('terminal_log', 'start_time', 1),
      end_time: await goployAt('terminal_log', 'end_time', 1),
      record_file: expect.stringMatching(
        new RegExp(`^terminal-log/\\d{4}-\\d{2}/${first}\\.cast\\.gz$`),
      ),
    });
    expect(await readCast(path.join(t.dataDir, one.record_file))).toBe(CAST);
    // goploy never wrote its end: read as a session cut short, without a recording.
    expect(terminals.find((x) => x.id === second)).toMatchObject({
      user_id: alice,
      server_id: await ferryId('server', 2),
      end_time: null,
      record_file: '',
    });
    expect(r.notes).toContainEqual({
      table: 'terminal_log',
      id: 2,
      message: expect.stringMatching(
        /recording not found at .*terminal-log\/2\.cast: carried without it/,
      ),
    });

    const runs = await t.db.selectFrom('cron_log').selectAll().orderBy('id').execute();
    expect(runs.find((c) => c.exec_code === 1)).toMatchObject({
      cron_id: await ferryId('cron', 1),
      server_id: server,
      run_key: 'goploy-2',
      message: "find: '/tmp/goploy-old': Permission denied",
      start_time: await goployAt('cron_log', 'report_time', 2),
      report_time: await goployAt('cron_log', 'report_time', 2),
      duration_ms: 0,
      skipped: 0,
    });
  });

  it("serves them through the log pages as goploy's web app reads them", async () => {
    const token = await t.login('admin', fx.users.admin.password);
    const ns = await ferryId('namespace', 1);
    const list = async <T>(route: string, query: Record<string, string | number> = {}) => {
      const res = await t.call<{ list: T[] }>('GET', route, {
        token,
        ns,
        query: { page: 1, rows: 20, ...query },
      });
      expect(res.code, `${route} ${res.message}`).toBe(0);
      return res.data.list;
    };
    expect(
      await list<Record<string, unknown>>('/log/getLoginLogList', { account: 'carol' }),
    ).toEqual([
      {
        id: expect.any(Number),
        account: 'carol',
        remoteAddr: '10.8.0.6:41800',
        userAgent: expect.stringMatching(/^Mozilla/),
        referer: 'http://goploy.example.com/',
        reason: 'Account is disabled',
        loginTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    const ops = await list<Record<string, unknown>>('/log/getOperationLogList', {
      username: fx.users.alice.name,
    });
    expect(ops).toEqual([
      expect.objectContaining({
        namespaceID: ns,
        username: fx.users.alice.name,
        router: '/deploy/index',
        api: '/deploy/publish',
        requestData: expect.stringContaining('"projectId":1'),
        responseData: '{"code":0,"message":"","data":{"token":"***"}}',
      }),
    ]);
    const sftp = await list<Record<string, unknown>>('/log/getSftpLogList', { type: 'DOWNLOAD' });
    expect(sftp).toEqual([
      expect.objectContaining({
        username: fx.users.alice.name,
        serverName: fx.servers.sshd.name,
        remoteAddr: '192.168.1.31:60188',
        userAgent: expect.stringMatching(/^Mozilla/),
        type: 'DOWNLOAD',
        path: '/var/log/syslog',
        reason: '',
        insertTime: expect.stringMatching(/^\d{4}-/),
      }),
    ]);
    const terminals = await list<Record<string, unknown>>('/log/getTerminalLogList');
    const first = await ferryId('terminal_log', 1);
    expect(terminals).toContainEqual(
      expect.objectContaining({
        id: first,
        username: fx.users.admin.name,
        serverName: fx.servers.sshd.name,
        remoteAddr: '192.168.1.20:53470',
        userAgent: expect.stringMatching(/^Mozilla/),
        startTime: expect.stringMatching(/^\d{4}-/),
        endTime: expect.stringMatching(/^\d{4}-/),
        hasRecord: true,
      }),
    );
    expect(terminals).toContainEqual(
      expect.objectContaining({ username: fx.users.alice.name, endTime: '', hasRecord: false }),
    );
    // goploy's player fetches the recording by the row's id.
    const record = await t.fastify.inject({
      method: 'GET',
      url: `/log/getTerminalRecord?recordId=${first}`,
      headers: { cookie: `goploy_token=${token}`, 'g-n-id': String(ns) },
    });
    expect(record.statusCode).toBe(200);
    expect(record.headers['content-type']).toBe('application/x-asciicast');
    expect(record.body).toBe(CAST);
  });

  it("keeps goploy's secrets out of the operation log and the report", async () => {
    const ops = await t.db.selectFrom('operation_log').selectAll().execute();
    const stored = JSON.stringify(ops);
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(carried).not.toContain(secret);
    }
    const edit = ops.find((o) => o.api === '/server/edit')!;
    expect(JSON.parse(edit.request_data)).toMatchObject({
      ip: fx.servers.jump.ip,
      password: '***',
    });
    const monitor = ops.find((o) => o.api === '/monitor/add')!;
    // Masked as the console masks an address: its host stays, its token does not.
    expect(JSON.parse(monitor.request_data).notifyTarget).toMatch(
      /^https:\/\/oapi\.dingtalk\.com\//,
    );
    const file = ops.find((o) => o.api === '/project/addFile')!;
    expect(JSON.parse(file.request_data)).toMatchObject({ filename: 'app.env', content: '***' });
    const script = ops.find((o) => o.api === '/server/executeScript')!;
    expect(JSON.parse(script.request_data).script).toBe('sshpass -p *** ssh root@10.0.1.12 uptime');
  });

  it('adds nothing on a second import with --with-logs', async () => {
    const before = await logCounts();
    const files = recordings();
    const r = await runImport(t, goployUrl, { assetDir, withLogs: true });
    expect(r.written).toBe(true);
    expect(await logCounts()).toEqual(before);
    for (const table of LOGS) {
      expect(counted(r, table), table).toMatchObject({ imported: 0, changed: 0 });
    }
    expect(counted(r, 'operation_log')).toMatchObject({ skipped: 7 });
    expect(recordings()).toEqual(files);
  });

  it('drops rows whose member or server was not imported, and refuses an unknown SFTP action', async () => {
    const terminal = (id: number, userId: number, serverId: number) =>
      `insert into terminal_log (id, namespace_id, user_id, server_id, remote_addr, user_agent, start_time, end_time) values (${id}, 1, ${userId}, ${serverId}, '', '', '${ago(3)}', '${ago(2)}')`;
    await changeGoploy(
      goployUrl,
      terminal(30, 99, 1),
      terminal(31, 1, 99),
      terminal(32, 1, 1),
      `insert into sftp_log (id, namespace_id, user_id, server_id, remote_addr, user_agent, type, path, reason) values (40, 1, 2, 1, '', '', 'CHMOD', '/etc', '')`,
    );
    fs.copyFileSync(
      path.join(assetDir, 'repository/terminal-log/1.cast'),
      path.join(assetDir, 'repository/terminal-log/32.cast'),
    );
    const before = await logCounts();
    const files = recordings();
    const refused = await runImport(t, goployUrl, { assetDir, withLogs: true });
    expect(refused.written).toBe(false);
    expect(refused.refusals).toEqual([
      { table: 'sftp_log', id: 40, message: expect.stringMatching(/^type must be one of READ/) },
    ]);
    // Nothing written: the recording copied for session 32 went with the rollback.
    expect(await logCounts()).toEqual(before);
    expect(recordings()).toEqual(files);

    await changeGoploy(goployUrl, 'delete from sftp_log where id = 40');
    const r = await runImport(t, goployUrl, { assetDir, withLogs: true });
    expect(r.refusals).toEqual([]);
    expect(counted(r, 'terminal_log')).toMatchObject({ imported: 1, dropped: 2, skipped: 2 });
    expect(r.notes).toContainEqual({
      table: 'terminal_log',
      id: 30,
      message: 'names user 99, which was not imported',
    });
    expect(r.notes).toContainEqual({
      table: 'terminal_log',
      id: 31,
      message: 'names server 99, which was not imported',
    });
    const added = await t.db
      .selectFrom('terminal_log')
      .select('record_file')
      .where('id', '=', await ferryId('terminal_log', 32))
      .executeTakeFirstOrThrow();
    expect(await readCast(path.join(t.dataDir, added.record_file))).toBe(CAST);
  });
});
