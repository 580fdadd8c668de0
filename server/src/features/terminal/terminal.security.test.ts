import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WsClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer, openXterm } from '../../../test/xterm-client.js';

const sshd = useOneSshd();

/** `/log/getTerminalRecord` as a browser downloads it: the body, and the envelope if it is one. */
async function downloadRecord(t: TestApp, token: string, recordId: number | string) {
  const res = await t.fastify.inject({
    method: 'GET',
    url: `/log/getTerminalRecord?recordId=${recordId}`,
    headers: { cookie: `goploy_token=${token}`, 'g-n-id': '1' },
  });
  const isEnvelope = String(res.headers['content-type']).startsWith('application/json');
  const envelope = isEnvelope
    ? res.json<{ code: number; message: string; reason?: string }>()
    : undefined;
  return {
    body: res.body,
    code: envelope?.code ?? 0,
    message: envelope?.message,
    reason: envelope?.reason,
  };
}

/** Every terminal log row: a refused socket must not have written one. */
const terminalRows = (t: TestApp) => t.db.selectFrom('terminal_log').selectAll().execute();

/** A finished terminal log row in `namespaceId`, with a recording file holding `text`. */
async function storedSession(t: TestApp, namespaceId: number, serverId: number, text: string) {
  const row = await t.db
    .insertInto('terminal_log')
    .values({
      namespace_id: namespaceId,
      user_id: 1,
      server_id: serverId,
      remote_addr: '10.0.0.1',
      user_agent: 'probe',
      record_file: '',
      start_time: Date.now() - 1000,
      end_time: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const relative = `terminal-log/2026-01/${row.id}.cast.gz`;
  fs.mkdirSync(path.join(t.dataDir, 'terminal-log', '2026-01'), { recursive: true });
  fs.writeFileSync(
    path.join(t.dataDir, relative),
    gzipSync(`{"version":2}\n[0.1,"o","${text}"]\n`),
  );
  await t.db
    .updateTable('terminal_log')
    .set({ record_file: relative })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

describe('the terminal socket guard', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let serverId: number;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  const setUp = async () => {
    serverId = await addServer(t, admin.token, sshd.server, { name: 'mine' });
  };

  it('refuses a member without permission 34 before any SSH connection (4003)', async () => {
    await setUp();
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, permissionIds: [35] });
    const term = await openXterm(t, { token: bob.token, 'G-N-ID': 1, serverId });
    expect((await term.closed).code).toBe(WsClose.denied);
    expect(await terminalRows(t)).toEqual([]);
  });

  it("holds a member's API key to the member's role: refused without 34 (4003), let in with it", async () => {
    await setUp();
    const keyOf = async (actor: Actor) =>
      (await t.call<string>('PUT', '/user/generateApiKey', { token: actor.token, ns: 1 })).data;
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, permissionIds: [35] });
    const refused = await openXterm(t, { 'X-API-KEY': await keyOf(bob), 'G-N-ID': 1, serverId });
    expect((await refused.closed).code).toBe(WsClose.denied);
    expect(await terminalRows(t)).toEqual([]);
    const carol = await memberOf(t, admin, {
      account: 'carol',
      namespaceId: 1,
      permissionIds: [34],
    });
    const admitted = await openXterm(t, { 'X-API-KEY': await keyOf(carol), 'G-N-ID': 1, serverId });
    admitted.ws.send('echo o""k\r');
    await admitted.waitFor(/[\r\n]ok\r\n/);
    admitted.ws.terminate();
  });

  it('refuses a server of another namespace (4003) and logs nothing', async () => {
    await setUp();
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    const foreign = await addServer(t, admin.token, sshd.server, { ns: 2, name: 'theirs' });
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, permissionIds: [34] });
    const term = await openXterm(t, { token: bob.token, 'G-N-ID': 1, serverId: foreign });
    const { code, reason } = await term.closed;
    expect(code).toBe(WsClose.denied);
    expect(reason).toMatch(/not found or not in this namespace/);
    const absent = await openXterm(t, { token: bob.token, 'G-N-ID': 1, serverId: 9999 });
    expect((await absent.closed).code).toBe(WsClose.denied);
    expect(await terminalRows(t)).toEqual([]);
  });

  it('refuses a missing or malformed query with 4010 naming the field', async () => {
    await setUp();
    const auth = { token: admin.token, 'G-N-ID': 1 };
    const missing = await openXterm(t, auth);
    expect(await missing.closed).toMatchObject({
      code: WsClose.invalidParameter,
      reason: expect.stringMatching(/^serverId /),
    });
    const malformed: Record<string, string | number>[] = [
      { serverId: 'x' },
      { serverId: -1 },
      { serverId, rows: 0 },
      { serverId, cols: 5000 },
    ];
    for (const bad of malformed) {
      const term = await openXterm(t, { ...auth, ...bad });
      const { code, reason } = await term.closed;
      expect(code, JSON.stringify(bad)).toBe(WsClose.invalidParameter);
      expect(reason).toMatch(/^(serverId|rows|cols) /);
    }
    expect(await terminalRows(t)).toEqual([]);
  });

  it('refuses a socket opened from another origin (4003)', async () => {
    await setUp();
    const query = { token: admin.token, 'G-N-ID': 1, serverId };
    const evil = await openXterm(t, query, { origin: 'https://evil.example', host: 'ferry.local' });
    expect((await evil.closed).code).toBe(WsClose.denied);
    const garbage = await openXterm(t, query, { origin: 'not a url', host: 'ferry.local' });
    expect((await garbage.closed).code).toBe(WsClose.denied);
    expect(await terminalRows(t)).toEqual([]);
    const same = await openXterm(t, query, { origin: 'https://ferry.local', host: 'ferry.local' });
    same.ws.send('echo o""k\r');
    await same.waitFor(/[\r\n]ok\r\n/);
    same.ws.terminate();
  });

  it('refuses a socket without credentials (4001) or with a forged token (4086)', async () => {
    await setUp();
    const anon = await openXterm(t, { 'G-N-ID': 1, serverId });
    expect((await anon.closed).code).toBe(WsClose.notLoggedIn);
    const forged = await openXterm(t, { token: 'forged', 'G-N-ID': 1, serverId });
    expect((await forged.closed).code).toBe(WsClose.sessionExpired);
    expect(await terminalRows(t)).toEqual([]);
  });
});

describe('the terminal log guard', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  it('shows a namespace only its own sessions; a super manager sees all', async () => {
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    const own = await storedSession(t, 1, 1, 'own');
    const foreign = await storedSession(t, 2, 1, 'foreign');
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, permissionIds: [5, 6] });
    const list = await t.call<{ list: { id: number }[] }>('GET', '/log/getTerminalLogList', {
      token: bob.token,
      ns: 1,
      query: { page: 1, rows: 10 },
    });
    expect(list.data.list.map((r) => r.id)).toEqual([own]);
    const total = await t.call('GET', '/log/getTerminalLogTotal', { token: bob.token, ns: 1 });
    expect(total.data).toEqual({ total: 1 });
    const all = await t.call('GET', '/log/getTerminalLogTotal', { token: admin.token, ns: 1 });
    expect(all.data).toEqual({ total: 2 });

    const download = (token: string, recordId: number | string) =>
      downloadRecord(t, token, recordId);
    expect((await download(bob.token, foreign)).code).toBe(1);
    expect((await download(bob.token, 9999)).code).toBe(1);
    const mine = await download(bob.token, own);
    expect(mine.code).toBe(0);
    expect(mine.body).toContain('"own"');
    const bad = await download(bob.token, 'x');
    expect(bad.code).toBe(10003);
    expect(bad.message).toMatch(/^recordId /);
  });

  it('needs permission 5 for the list and 6 for a recording', async () => {
    const own = await storedSession(t, 1, 1, 'own');
    const viewer = await memberOf(t, admin, {
      account: 'viewer',
      namespaceId: 1,
      permissionIds: [5],
    });
    const player = await memberOf(t, admin, {
      account: 'player',
      namespaceId: 1,
      permissionIds: [6],
    });
    const list = (token: string) =>
      t.call('GET', '/log/getTerminalLogList', { token, ns: 1, query: { page: 1, rows: 10 } });
    const record = (token: string) => downloadRecord(t, token, own);
    expect((await list(viewer.token)).code).toBe(0);
    expect((await record(viewer.token)).code).toBe(1);
    expect((await list(player.token)).code).toBe(1);
    expect(
      (await t.call('GET', '/log/getTerminalLogTotal', { token: player.token, ns: 1 })).code,
    ).toBe(1);
    expect((await record(player.token)).body).toContain('"own"');
  });

  it('answers record_missing for a session without a file, and never leaves the recordings dir', async () => {
    const id = await storedSession(t, 1, 1, 'x');
    fs.writeFileSync(path.join(t.dataDir, 'outside.txt'), 'top secret');
    const record = () => downloadRecord(t, admin.token, id);
    for (const recordFile of [
      '',
      'terminal-log/2026-01/gone.cast.gz',
      'terminal-log/../outside.txt',
      '/etc/passwd',
    ]) {
      await t.db
        .updateTable('terminal_log')
        .set({ record_file: recordFile })
        .where('id', '=', id)
        .execute();
      const r = await record();
      expect(r.code, recordFile).toBe(2);
      expect(r.reason).toBe('record_missing');
      expect(r.body).not.toContain('top secret');
    }
  });
});
