import { decodeBinaryHubFrame, HubType, Perm, runTopic, watchTopic } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer } from '../../../test/xterm-client.js';

const sshd = useOneSshd();

type Method = 'GET' | 'POST';

describe('the batch script guard', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  const call = (who: Actor, method: Method, route: string, input: Record<string, unknown>) =>
    t.call<unknown>(method, `/server/${route}`, {
      token: who.token,
      ns: 1,
      ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
    });
  const runCount = async () => (await t.db.selectFrom('remote_run').selectAll().execute()).length;

  /** A finished run of namespace 1, and the calls of every route on it. */
  const setUp = async () => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'mine' });
    const run = await t.call<unknown>('POST', '/server/execScript', {
      token: admin.token,
      ns: 1,
      body: { serverIds: [serverId], script: 'echo hi' },
    });
    expect(run.code, run.message).toBe(0);
    const runId = (await t.db.selectFrom('remote_run').select('id').executeTakeFirstOrThrow()).id;
    const calls: [Method, string, Record<string, unknown>][] = [
      ['POST', 'execScript', { serverIds: [serverId], script: 'touch never' }],
      ['POST', 'stopScript', { runId }],
      ['GET', 'getScriptRunList', { page: 1, rows: 10 }],
      ['GET', 'getScriptRun', { id: runId }],
    ];
    return { serverId, runId, calls };
  };

  it('refuses every route without ShowServerScriptPage, running nothing', async () => {
    const { calls } = await setUp();
    const outsider = await memberOf(t, admin, {
      account: 'outsider',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerProcessPage, Perm.ShowServerPage],
    });
    for (const [method, route, input] of calls) {
      expect((await call(outsider, method, route, input)).code, route).toBe(1);
    }
    expect(await runCount()).toBe(1);
    const member = await memberOf(t, admin, {
      account: 'scripter',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerScriptPage],
    });
    for (const [method, route, input] of calls) {
      const r = await call(member, method, route, input);
      expect(r.code, `${route}: ${r.message}`).toBe(0);
    }
    expect(await runCount()).toBe(2);
  });

  it("runs nothing when one server belongs to another namespace, and never shows another namespace's runs", async () => {
    const { serverId, runId } = await setUp();
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    const foreign = await addServer(t, admin.token, sshd.server, { ns: 2, name: 'theirs' });
    const r = await call(admin, 'POST', 'execScript', {
      serverIds: [serverId, foreign],
      script: 'touch never',
    });
    expect(r.code).toBe(1);
    expect(r.message).toMatch(/not found or not in this namespace/);
    expect(await runCount()).toBe(1);

    const inOther = (route: string, method: Method, input: Record<string, unknown>) =>
      t.call<{ list?: unknown[] }>(method, `/server/${route}`, {
        token: admin.token,
        ns: 2,
        ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
      });
    expect((await inOther('getScriptRun', 'GET', { id: runId })).code).toBe(1);
    expect((await inOther('stopScript', 'POST', { runId })).code).toBe(1);
    const list = await inOther('getScriptRunList', 'GET', { page: 1, rows: 10 });
    expect(list.data.list).toEqual([]);
  });

  it('lists batch scripts alone to the script page, never the process runs', async () => {
    const { serverId, runId } = await setUp();
    const group = await t.call<{ id: number }>('POST', '/server/addProcess', {
      token: admin.token,
      ns: 1,
      body: { name: 'app', items: [{ name: 'hello', command: 'echo hi' }] },
    });
    const proc = await t.call('POST', '/server/execProcess', {
      token: admin.token,
      ns: 1,
      body: { id: group.data.id, name: 'hello', serverId },
    });
    expect(proc.code, proc.message).toBe(0);
    const scripter = await memberOf(t, admin, {
      account: 'scripter',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerScriptPage],
    });
    const list = (input: Record<string, unknown>) =>
      call(scripter, 'GET', 'getScriptRunList', input) as Promise<{
        code: number;
        message: string;
        data: { list: { id: number }[] };
      }>;
    for (const input of [{}, { kind: 'script' }]) {
      const r = await list(input);
      expect(r.code, r.message).toBe(0);
      expect(r.data.list.map((x) => x.id)).toEqual([runId]);
    }
    const asked = await list({ kind: 'serverProcess' });
    expect([asked.code, asked.message]).toEqual([10003, 'kind must be script']);
  });

  it('sends live output only to subscribers who may open the script page', async () => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'mine' });
    const watcher = await memberOf(t, admin, {
      account: 'watcher',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerScriptPage],
    });
    const peeker = await memberOf(t, admin, {
      account: 'peeker',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerPage],
    });
    const frames = new Map<string, number>();
    const open = async (who: Actor, name: string) => {
      const ws = await t.sockets.injectWS(`/ws/connect?token=${who.token}&G-N-ID=1`);
      frames.set(name, 0);
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        const frame = isBinary
          ? decodeBinaryHubFrame(data)
          : (JSON.parse(data.toString('utf8')) as { type: number });
        if (frame?.type === HubType.remoteRun) frames.set(name, frames.get(name)! + 1);
      });
      for (const topic of [watchTopic('watching-1'), runTopic(1)]) {
        ws.send(JSON.stringify({ op: 'subscribe', token: topic }));
      }
      return ws;
    };
    const sockets = [await open(watcher, 'watcher'), await open(peeker, 'peeker')];
    await expect.poll(() => t.hub.size()).toBe(2);
    const seen: string[] = [];
    sockets[0]!.on('message', (data: Buffer) => seen.push(data.toString('utf8')));
    // A script that prints the server's password: every frame carries *** instead.
    const r = await call(admin, 'POST', 'execScript', {
      serverIds: [serverId],
      script: `echo one; echo '${sshd.server.password}'`,
      watchId: 'watching-1',
    });
    expect(r.code, r.message).toBe(0);
    await expect.poll(() => frames.get('watcher')).toBeGreaterThanOrEqual(3);
    expect(frames.get('peeker')).toBe(0);
    // Output comes as binary frames: the raw bytes hold the lines as printed, unescaped.
    expect(seen.join('')).toContain('one\n***\n');
    expect(seen.join('')).not.toContain(sshd.server.password);
    expect(JSON.stringify(r.data)).not.toContain(sshd.server.password);
    for (const ws of sockets) ws.terminate();
  });
});
