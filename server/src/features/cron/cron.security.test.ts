import fs from 'node:fs';
import { Perm, type CronRow } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { secondNamespace } from '../../../test/project-fixtures.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { cronKit, lineOf } from './cron-test-kit.js';
import { cronQuote } from './crontab/cron-line.js';

let fleet: SshdFleet | undefined;
let t: TestApp;
let admin: Actor;
let ns2: number;
let shared: number;
let foreign: number;
const kit = cronKit(
  () => t,
  () => admin,
);

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 1 }), warmTestDb()]);
  t = await buildTestApp();
  admin = await adminOf(t);
  ns2 = await secondNamespace(t, admin);
  const [s] = fleet.servers as [SshdServer];
  shared = await addServer(t, admin, serverForm(s, { name: 'shared', namespaceId: 0 }));
  const fake = {
    name: 'foreign',
    ip: '10.1.0.9',
    port: 22,
    owner: 'root',
    authType: 'password' as const,
    password: 'pw',
  };
  foreign = await addServer(t, admin, fake, ns2);
}, 90_000);
afterAll(async () => {
  if (shared) await kit.clearCrontab(shared).catch(() => undefined);
  await t?.close();
  await fleet?.stopAll();
});

const job = { expression: '@hourly', command: 'true' };
const snapshot = () => t.db.selectFrom('cron').selectAll().orderBy('id').execute();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const callAs = (actor: Actor, method: Method, path: string, input: object, ns = 1) =>
  t.call(method, path, {
    token: actor.token,
    ns,
    ...(method === 'GET' ? { query: input as Record<string, number> } : { body: input }),
  });

describe('cron routes: permissions and namespaces', { timeout: 120_000 }, () => {
  it('refuses every route without its permission and serves it with that permission alone', async () => {
    const id = await kit.add(shared, job);
    const doomed = await kit.add(shared, job);
    const routes: [number, Method, string, object][] = [
      [Perm.ShowCronPage, 'POST', '/cron/getList', { serverId: shared }],
      [Perm.ShowCronPage, 'GET', '/cron/getLogs', { serverId: shared, cronId: id }],
      [Perm.ShowCronPage, 'GET', '/cron/getCrontab', { serverId: shared }],
      [Perm.ShowServerProcessPage, 'GET', '/server/getRemoteCrontabList', { serverId: shared }],
      [Perm.AddCron, 'POST', '/cron/add', { serverId: shared, ...job }],
      [Perm.AddCron, 'POST', '/cron/bind', { id, serverIds: [shared] }],
      [Perm.EditCron, 'PUT', '/cron/edit', { id, ...job, command: 'false' }],
      [Perm.EditCron, 'PUT', '/cron/toggle', { id, state: 0 }],
      [Perm.DeleteCron, 'DELETE', '/cron/remove', { id: doomed }],
    ];
    for (const [i, [perm, method, path, input]] of routes.entries()) {
      const without = await memberOf(t, admin, {
        account: `nocron${i}`,
        namespaceId: 1,
        permissionIds: routes.map((r) => r[0]).filter((p) => p !== perm),
      });
      const before = await snapshot();
      expect(await callAs(without, method, path, input), path).toMatchObject({ code: 1 });
      expect(await snapshot()).toEqual(before);
      const holder = await memberOf(t, admin, {
        account: `cron${i}`,
        namespaceId: 1,
        permissionIds: [perm],
      });
      const allowed = await callAs(holder, method, path, input);
      expect(allowed.code, `${path}: ${allowed.message}`).toBe(0);
    }
    const importer = await memberOf(t, admin, {
      account: 'cronimport',
      namespaceId: 1,
      permissionIds: [Perm.AddCron],
    });
    const stale = { serverId: shared, lineNos: [1], checksum: '0'.repeat(64) };
    expect(await callAs(importer, 'POST', '/cron/import', stale)).toMatchObject({
      code: 2,
      reason: 'crontab_changed',
    });
    const viewer = await memberOf(t, admin, {
      account: 'cronview',
      namespaceId: 1,
      permissionIds: [Perm.ShowCronPage],
    });
    expect(await callAs(viewer, 'POST', '/cron/import', stale)).toMatchObject({ code: 1 });
    for (const row of await snapshot()) await kit.call('DELETE', '/cron/remove', { id: row.id });
  });

  it("never reads, changes or removes another namespace's jobs or uses its servers", async () => {
    const theirs = await kit.add(shared, { ...job, command: 'echo theirs' }, ns2);
    const mine = await kit.add(shared, job);
    const before = await snapshot();
    const refused: [Method, string, object][] = [
      ['POST', '/cron/getList', { serverId: foreign }],
      ['POST', '/cron/add', { serverId: foreign, ...job }],
      ['GET', '/cron/getCrontab', { serverId: foreign }],
      ['GET', '/server/getRemoteCrontabList', { serverId: foreign }],
      ['POST', '/cron/import', { serverId: foreign, lineNos: [1], checksum: '0'.repeat(64) }],
      ['GET', '/cron/getLogs', { serverId: shared, cronId: theirs }],
      ['PUT', '/cron/edit', { id: theirs, ...job }],
      ['PUT', '/cron/toggle', { id: theirs, state: 0 }],
      ['DELETE', '/cron/remove', { id: theirs }],
      ['POST', '/cron/bind', { id: theirs, serverIds: [shared] }],
      ['POST', '/cron/getList', { serverId: 999_999 }],
    ];
    for (const [method, path, input] of refused) {
      const r = await kit.call(method, path, input);
      expect(r, `${method} ${path} ${JSON.stringify(input)}`).toMatchObject({ code: 1 });
    }
    const bound = await kit.call<{ list: { id: number; error: string }[] }>('POST', '/cron/bind', {
      id: mine,
      serverIds: [foreign],
    });
    expect(bound.data.list[0]?.id).toBe(0);
    expect(await snapshot()).toEqual(before);
    // One block holds both namespaces' jobs; each sees its own, the other's line without its command.
    expect((await kit.list(shared)).list.map((r) => r.id)).toEqual([mine]);
    const crontab = await kit.call<{
      sources: { lines: { cronId: number; command: string; kind: string }[] }[];
    }>('GET', '/cron/getCrontab', { serverId: shared });
    const managed = crontab.data.sources[0]?.lines.filter(
      (l) => l.kind === 'managed' && l.command !== '',
    );
    expect(managed?.map((l) => l.cronId)).toEqual([mine]);
    await kit.call('DELETE', '/cron/remove', { id: mine });
    await kit.call('DELETE', '/cron/remove', { id: theirs }, ns2);
    expect(await snapshot()).toEqual([]);
  });

  it('refuses a schedule that is not one, naming the field', async () => {
    for (const expression of ['$(touch /tmp/x) * * * *', '* * * *', '@every 5m', '*/0 * * * *']) {
      const r = await kit.call('POST', '/cron/add', {
        serverId: shared,
        expression,
        command: 'true',
      });
      expect(r.code).toBe(10003);
      expect(r.message).toMatch(/^expression /);
    }
  });
});

describe('commands with shell metacharacters', { timeout: 120_000 }, () => {
  it('are stored and written literally, and never run by the console', async () => {
    const marker = (n: number) => `/tmp/ferry-cron-marker-${process.pid}-${n}`;
    const markers = [1, 2, 3, 4].map(marker);
    const command = `echo $(touch ${marker(1)}) \`touch ${marker(2)}\`; touch ${marker(3)} && echo '50%' "q" \\% || touch ${marker(4)}`;
    const id = await kit.add(shared, { expression: '* * * * *', command, logLevel: 1 });
    const row = (await kit.list(shared)).list.find((r: CronRow) => r.id === id);
    expect(row?.command).toBe(command);
    expect(lineOf(await kit.crontab(shared), id).endsWith(` ${cronQuote(command)}`)).toBe(true);
    await kit.call('GET', '/cron/getCrontab', { serverId: shared });
    await kit.call('GET', '/server/getRemoteCrontabList', { serverId: shared });
    await kit.call('GET', '/cron/getLogs', { serverId: shared, cronId: id });
    expect(
      (await kit.call('PUT', '/cron/edit', { id, expression: '@daily', command, logLevel: 1 }))
        .code,
    ).toBe(0);
    expect(markers.filter((m) => fs.existsSync(m))).toEqual([]);
    // Run as cron runs the line, the command does what it says: the markers were a real test.
    await kit.runLine(shared, lineOf(await kit.crontab(shared), id).replace('@daily', '* * * * *'));
    expect(markers.filter((m) => fs.existsSync(m))).toEqual(markers.slice(0, 3));
    const logs = await kit.call<{ list: { message: string }[] }>('GET', '/cron/getLogs', {
      serverId: shared,
      cronId: id,
    });
    expect(logs.data.list[0]?.message).toBe('\n50% q %\n');
    for (const m of markers) fs.rmSync(m, { force: true });
    await kit.call('DELETE', '/cron/remove', { id });
  });
});
