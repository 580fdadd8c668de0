import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CHECK_TIMEOUT_S } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { jobStatus } from '../../../test/deploy-fixtures.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import {
  createGoployDatabase,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import {
  changeGoploy,
  counted,
  rowCounts,
  runImport,
  testBox,
} from '../../../test/goploy-import-run.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { closedPort } from '../../../test/server-fixtures.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';
import type { ImportReport } from './import-report.js';

/**
 * The "Done when", end to end on real parts: goploy's database pointed at a real sshd and
 * a real git origin, goploy's releases laid out on that server as goploy leaves them, then the
 * import, and a goploy member who signs in with their goploy password, deploys, finds goploy's
 * releases in the history and rolls back to one; and an imported monitor that checks and alerts.
 */

interface Preview {
  token: string;
  status: string;
  kind: string;
  current: boolean;
  publisherName: string;
}

const TABLES = ['project', 'server', 'monitor', 'publish_trace', 'project_release'] as const;

let maria: TestMariadb;
beforeAll(async () => {
  maria = await sharedMariadb();
}, 120_000);

const sshd = useOneSshd();

describe('a console started on imported goploy data, on a real server', { timeout: 60_000 }, () => {
  let t: TestApp;
  let fx: GoployFixture;
  let goployUrl: string;
  let origin: GitOrigin;
  let receiver: Receiver;
  let report: ImportReport;
  let alice: string;
  let ns: number;
  let www: string;
  let ferryToken: string;
  /** An earlier successful goploy deploy of `web`, added to the fixture: its release is on disk. */
  const older = randomUUID();
  const hook = '/goploy-hook';

  /** What the server holds at `rel` under goploy's web directory, read from the test's side. */
  const onServer = (rel: string) => path.join(www, rel);
  const read = (rel: string) => fs.readFileSync(onServer(rel), 'utf8');

  beforeAll(async () => {
    const server = sshd.server;
    receiver = await startReceiver();
    origin = await createGitOrigin();
    await origin.commit({ 'index.html': 'goploy v1' }, 'first release');
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_deploy'));
    fx = await seedGoploy(goployUrl);
    www = path.join(server.dir, 'home', 'www');
    const project = { path: onServer('web'), releases: onServer('web-releases') };
    const closed = await closedPort();
    // goploy's server `web-01` is the real sshd, `web` deploys the real origin under its home.
    await changeGoploy(
      goployUrl,
      `update server set ip = '${server.host}', port = ${server.port}, owner = '${server.user}',
         password = '${server.password}' where id = ${fx.servers.sshd.id}`,
      `update project set url = '${origin.url}', path = '${project.path}',
         symlink_path = '${project.releases}' where id = ${fx.projects.web.id}`,
      // An earlier successful deploy: goploy's traces of the last one, two days before.
      `insert into publish_trace (token, project_id, project_name, detail, state, publisher_id,
         publisher_name, type, insert_time, update_time, ext)
       select '${older}', project_id, project_name, detail, state, publisher_id, publisher_name,
         type, insert_time - interval 2 day, update_time - interval 2 day, ext
       from publish_trace where token = '${fx.deploys.success.token}' order by id`,
      // The tcp monitor, enabled, checks a closed port and alerts at the first failure. Its
      // timeout field was left empty in goploy's form, which saves 0.
      `update monitor set state = 1, times = 1, error_content = '', notify_type = 255,
         notify_target = '${receiver.url(hook)}',
         target = '{"items":["127.0.0.1:${closed}"],"timeout":0,"process":"","script":""}'
       where id = ${fx.monitors.tcp}`,
    );
    // goploy's symlink deploys on disk (goploy-behaviour §5.6): one directory per token under
    // symlink_path, the project path a relative link to the one deployed last.
    for (const [token, text] of [
      [older, 'goploy v0'],
      [fx.deploys.success.token, 'goploy v1'],
    ] as const) {
      fs.mkdirSync(path.join(project.releases, token), { recursive: true });
      fs.writeFileSync(path.join(project.releases, token, 'index.html'), text);
    }
    fs.symlinkSync(`./web-releases/${fx.deploys.success.token}`, project.path);
    fs.chmodSync(www, 0o755);
    for (const p of [www, project.releases, ...walk(project.releases)]) {
      fs.lchownSync(p, server.uid, server.uid);
    }
    fs.lchownSync(project.path, server.uid, server.uid);
    // Monitors are checked when the test says so.
    t = await buildTestApp({}, { monitorEngine: { tickMs: 3_600_000 } });
    report = await runImport(t, goployUrl);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    origin?.cleanup();
  });

  it("imports the real server, its password sealed, and goploy's releases on it", async () => {
    expect(report.refusals).toEqual([]);
    expect(report.written).toBe(true);
    expect(counted(report, 'server')).toMatchObject({ imported: 4 });
    expect(counted(report, 'project')).toMatchObject({ imported: 8 });
    expect(counted(report, 'publish_trace')).toMatchObject({ read: 14, imported: 14 });
    expect(counted(report, 'monitor')).toMatchObject({ read: 3, imported: 3 });
    const text = JSON.stringify(report);
    for (const secret of [sshd.server.password, receiver.url(hook), fx.users.alice.password]) {
      expect(text).not.toContain(secret);
    }
    const server = await t.db
      .selectFrom('server')
      .selectAll()
      .where('id', '=', fx.servers.sshd.id)
      .executeTakeFirstOrThrow();
    expect(server).toMatchObject({
      ip: sshd.server.host,
      port: sshd.server.port,
      owner: sshd.server.user,
      auth_type: 'password',
      host_key: '',
    });
    expect(testBox.open(server.password)).toBe(sshd.server.password);
    // goploy's two successful deploys are releases on that server, the last one current.
    const releases = await t.db
      .selectFrom('project_release')
      .select(['server_id', 'name', 'state'])
      .where('project_id', '=', fx.projects.web.id)
      .orderBy('last_used_time', 'desc')
      .execute();
    expect(releases).toEqual([
      { server_id: server.id, name: fx.deploys.success.token, state: 1 },
      { server_id: server.id, name: older, state: 1 },
    ]);
  });

  it('signs alice in with her goploy password, in her namespace', async () => {
    const r = await t.call<{
      token: string;
      namespaceList: { namespaceId: number; namespaceName: string }[];
    }>('POST', '/user/login', {
      body: { account: 'alice', password: fx.users.alice.password },
    });
    expect(r.code, r.message).toBe(0);
    alice = r.data.token;
    // goploy's web app sends the namespace it picked from this list in every later request.
    ns = r.data.namespaceList.find((n) => n.namespaceName === 'goploy')!.namespaceId;
    expect(ns).toBeGreaterThan(0);
  });

  it("deploys web to the real server as alice, beside goploy's releases", async () => {
    const commit = await origin.commit({ 'index.html': 'ferry v2' }, 'second release');
    const r = await t.call<{ token: string }>('POST', '/deploy/publish', {
      token: alice,
      ns,
      body: { projectId: fx.projects.web.id, branch: 'origin/main', commit },
    });
    expect(r.code, r.message).toBe(0);
    ferryToken = r.data.token;
    await t.deployQueue.idle();
    expect(await jobStatus(t, ferryToken)).toBe('succeeded');
    expect(fs.readlinkSync(onServer('web'))).toBe(`./web-releases/${ferryToken}`);
    expect(read('web/index.html')).toBe('ferry v2');
    // goploy's releases are still there, as goploy left them (symlink_backup_number 3).
    expect(read(`web-releases/${fx.deploys.success.token}/index.html`)).toBe('goploy v1');
    expect(read(`web-releases/${older}/index.html`)).toBe('goploy v0');
  });

  it("lists the new deploy and goploy's earlier ones in the history", async () => {
    const r = await t.call<{ list: Preview[]; pagination: { total: number } }>(
      'GET',
      '/deploy/getPreview',
      { token: alice, ns, query: { projectId: fx.projects.web.id, page: 1, rows: 20 } },
    );
    expect(r.code, r.message).toBe(0);
    expect(r.data.pagination.total).toBe(4);
    // Newest first; goploy's rows in goploy's id order (the earlier release was added last).
    const tokens = r.data.list.map((h) => h.token);
    expect(tokens[0]).toBe(ferryToken);
    expect(tokens.slice(1).sort()).toEqual(
      [fx.deploys.success.token, fx.deploys.failed.token, older].sort(),
    );
    const of = (token: string) => r.data.list.find((h) => h.token === token);
    expect(of(ferryToken)).toMatchObject({
      status: 'succeeded',
      kind: 'publish',
      current: true,
      publisherName: fx.users.alice.name,
    });
    expect(of(fx.deploys.success.token)).toMatchObject({ status: 'succeeded', current: false });
    expect(of(fx.deploys.failed.token)).toMatchObject({ status: 'failed', current: false });
    expect(of(older)).toMatchObject({ status: 'succeeded', current: false });
  });

  it("rolls back to goploy's release: the real link points at its directory again", async () => {
    const r = await t.call<{ type: string; token: string }>('POST', '/deploy/rebuild', {
      token: alice,
      ns,
      body: { token: older },
    });
    expect(r.code, r.message).toBe(0);
    expect(r.data.type).toBe('symlink');
    await t.deployQueue.idle();
    expect(await jobStatus(t, r.data.token)).toBe('succeeded');
    expect(fs.readlinkSync(onServer('web'))).toBe(`./web-releases/${older}`);
    expect(read('web/index.html')).toBe('goploy v0');
  });

  it("checks the imported monitor and alerts with goploy's body", async () => {
    await t.runDueMonitors();
    const tcp = await t.db
      .selectFrom('monitor')
      .selectAll()
      .where('name', '=', 'db port')
      .executeTakeFirstOrThrow();
    expect(tcp).toMatchObject({ status: 'down', fail_count: 1 });
    await vi.waitFor(() => expect(receiver.at(hook)).toHaveLength(1), { timeout: 10_000 });
    const alert = receiver.at(hook)[0]!.json as {
      data: { Monitor: Record<string, unknown>; ErrorMsg: string };
    };
    // What goploy's receivers read: data.Monitor (goploy's model.Monitor) and data.ErrorMsg.
    expect(alert.data.Monitor).toMatchObject({
      id: tcp.id,
      name: 'db port',
      type: 2,
      times: 1,
      notifyType: 255,
    });
    expect(alert.data.Monitor.target).toMatchObject({
      items: [expect.stringMatching(/^127\.0\.0\.1:\d+$/)],
      timeout: DEFAULT_CHECK_TIMEOUT_S,
    });
    expect(alert.data.ErrorMsg).toBe(tcp.last_error);
    expect(alert.data.ErrorMsg).toMatch(/refused/i);
  });

  it('adds nothing when run again', async () => {
    const before = await rowCounts(t, TABLES);
    const again = await runImport(t, goployUrl);
    expect(again.refusals).toEqual([]);
    expect(counted(again, 'publish_trace')).toMatchObject({ imported: 0, skipped: 14 });
    expect(counted(again, 'monitor')).toMatchObject({ imported: 0, skipped: 3 });
    expect(await rowCounts(t, TABLES)).toEqual(before);
  });
});

/** Every path under `dir`. */
function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? [p, ...walk(p)] : [p];
  });
}
