import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, useAdminApp, type Actor } from '../../../test/factories.js';
import {
  addServer,
  closedPort,
  jumpVia,
  listedServer,
  serverForm,
  silentPort,
  warmTestDb,
} from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import type { RequestContext } from '../../core/http/context.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
let rotating: SshdServer;
let keyTarget: SshdServer;
let rotatingJump: SshdServer;

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 5 }), warmTestDb()]);
  [a, b, rotating, keyTarget, rotatingJump] = fleet.servers as [
    SshdServer,
    SshdServer,
    SshdServer,
    SshdServer,
    SshdServer,
  ];
}, 60_000);
afterAll(() => fleet?.stopAll());

/** Password logins `s` was offered so far, accepted or not (its sshd log says). */
const passwordAttempts = (s: SshdServer) =>
  fs
    .readFileSync(path.join(s.dir, 'sshd.log'), 'utf8')
    .split('\n')
    .filter((line) => / password for /.test(line)).length;

const authorizedKeys = (s: SshdServer) =>
  fs.readFileSync(path.join(s.dir, 'home', '.ssh', 'authorized_keys'), 'utf8');

describe('server connections', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  const call = (method: 'POST' | 'PUT', url: string, body: unknown) =>
    t.call<Record<string, unknown>>(method, url, { token: admin.token, ns: 1, body });

  it('checks the settings of a form and reports latency, OS info and fingerprints', async () => {
    const r = await call('POST', '/server/check', serverForm(a));
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ fingerprint: a.hostKeyFingerprint, jumpFingerprint: '' });
    expect(r.data.osInfo).toMatch(/^[^|]+\|\d+\|\d+$/);
    expect(r.data.latencyMs).toEqual(expect.any(Number));
    expect(await t.db.selectFrom('server').select('id').execute()).toEqual([]);
  });

  it("reads id 0, as goploy's web app sends it while adding a server, as no id", async () => {
    const r = await call('POST', '/server/check', { id: 0, ...serverForm(a) });
    expect(r).toMatchObject({ code: 0, data: { fingerprint: a.hostKeyFingerprint } });
    expect(await t.db.selectFrom('server').select('id').execute()).toEqual([]);
  });

  it('checks a stored server with its stored secrets and records the result', async () => {
    const id = await addServer(t, admin, serverForm(a));
    await t.db.updateTable('server').set({ os_info: '', last_check_time: null }).execute();
    const r = await call('POST', '/server/check', { id, ...serverForm(a, { password: '' }) });
    expect(r).toMatchObject({ code: 0, data: { fingerprint: a.hostKeyFingerprint } });
    const row = await listedServer(t, admin, id);
    expect(row.osInfo).toBe(r.data.osInfo);
    expect(row.lastCheckTime).not.toBe('');
  });

  it('reports a wrong password as ssh_auth without echoing it, and records it on the server', async () => {
    const id = await addServer(t, admin, serverForm(a));
    const wrong = serverForm(a, { password: 'wrong-secret-77' });
    const r = await call('POST', '/server/check', { id, ...wrong });
    expect(r).toMatchObject({ code: 2, reason: 'ssh_auth' });
    expect(r.message).toContain('rejected the password');
    expect(r.res.body).not.toContain('wrong-secret-77');
    expect((await listedServer(t, admin, id)).lastCheckError).toContain('rejected the password');
  });

  it('reports a closed port as ssh_refused', async () => {
    const r = await call('POST', '/server/check', serverForm(a, { port: await closedPort() }));
    expect(r).toMatchObject({ code: 2, reason: 'ssh_refused' });
  });

  it('reaches a server through a jump host and trusts both host keys', async () => {
    const id = await addServer(t, admin, serverForm(b, jumpVia(a)));
    expect(await listedServer(t, admin, id)).toMatchObject({
      fingerprint: b.hostKeyFingerprint,
      jumpFingerprint: a.hostKeyFingerprint,
      jumpIP: '127.0.0.1',
      jumpOwner: a.user,
      hasJumpPassword: true,
      lastCheckError: '',
    });
    const form = { id, ...serverForm(b, { ...jumpVia(a), password: '', jumpPassword: '' }) };
    const r = await call('POST', '/server/check', form);
    expect(r).toMatchObject({
      code: 0,
      data: { fingerprint: b.hostKeyFingerprint, jumpFingerprint: a.hostKeyFingerprint },
    });
    const bad = await call('POST', '/server/check', {
      ...form,
      jumpPassword: 'not-the-jump-password',
    });
    expect(bad).toMatchObject({ code: 2, reason: 'ssh_jump_failed' });
  });

  it('refuses a changed host key until someone accepts it', async () => {
    const id = await addServer(t, admin, serverForm(rotating));
    const old = rotating.hostKeyFingerprint;
    await rotating.restartWithNewHostKey();
    const form = { id, ...serverForm(rotating, { password: '' }) };
    const refused = await call('POST', '/server/check', form);
    expect(refused).toMatchObject({ code: 2, reason: 'ssh_host_key_changed' });
    expect(await listedServer(t, admin, id)).toMatchObject({
      fingerprint: old,
      pendingFingerprint: rotating.hostKeyFingerprint,
    });
    const server = await t.serverAccess.usable({ namespaceId: 1 } as RequestContext, id);
    await expect(t.serverAccess.connect(server)).rejects.toMatchObject({
      reason: 'ssh_host_key_changed',
    });
    const accepted = await call('POST', '/server/acceptHostKey', { id });
    expect(accepted).toMatchObject({
      code: 0,
      data: { fingerprint: rotating.hostKeyFingerprint, jumpFingerprint: '' },
    });
    expect(await call('POST', '/server/check', form)).toMatchObject({ code: 0 });
    expect(await listedServer(t, admin, id)).toMatchObject({
      fingerprint: rotating.hostKeyFingerprint,
      pendingFingerprint: '',
    });
    const again = await call('POST', '/server/acceptHostKey', { id });
    expect(again).toMatchObject({ code: 2, reason: 'no_pending_host_key' });
  });

  it('refuses a jump host whose host key changed, before sending it the password, until someone accepts the key', async () => {
    const id = await addServer(t, admin, serverForm(b, jumpVia(rotatingJump)));
    const old = rotatingJump.hostKeyFingerprint;
    expect(await listedServer(t, admin, id)).toMatchObject({ jumpFingerprint: old });
    await rotatingJump.restartWithNewHostKey();
    const attempts = passwordAttempts(rotatingJump);
    const form = {
      id,
      ...serverForm(b, { ...jumpVia(rotatingJump), password: '', jumpPassword: '' }),
    };
    const refused = await call('POST', '/server/check', form);
    expect(refused).toMatchObject({ code: 2, reason: 'ssh_host_key_changed' });
    expect(refused.message).toContain(rotatingJump.hostKeyFingerprint);
    expect(await listedServer(t, admin, id)).toMatchObject({
      fingerprint: b.hostKeyFingerprint,
      pendingFingerprint: '',
      jumpFingerprint: old,
      pendingJumpFingerprint: rotatingJump.hostKeyFingerprint,
    });
    const server = await t.serverAccess.usable({ namespaceId: 1 } as RequestContext, id);
    await expect(t.serverAccess.connect(server)).rejects.toMatchObject({
      reason: 'ssh_host_key_changed',
    });
    await expect(t.serverAccess.openForDeploy(id)).rejects.toMatchObject({
      reason: 'ssh_host_key_changed',
    });
    expect(passwordAttempts(rotatingJump)).toBe(attempts);

    const accepted = await call('POST', '/server/acceptHostKey', { id });
    expect(accepted).toMatchObject({
      code: 0,
      data: { fingerprint: b.hostKeyFingerprint, jumpFingerprint: rotatingJump.hostKeyFingerprint },
    });
    expect(await call('POST', '/server/check', form)).toMatchObject({ code: 0 });
    expect(passwordAttempts(rotatingJump)).toBe(attempts + 1);
  }, 20_000); // several logins through two sshd servers on a busy machine

  it('installs the console key once, checks it logs in and switches the server to it', async () => {
    const id = await addServer(t, admin, serverForm(keyTarget));
    const { key } = (
      await t.call<{ key: string }>('GET', '/server/getPublicKey', {
        token: admin.token,
        ns: 1,
      })
    ).data;
    const body = { id, password: keyTarget.password };
    expect(await call('POST', '/server/installPublicKey', body)).toMatchObject({
      code: 0,
      data: { installed: true },
    });
    expect(await call('POST', '/server/installPublicKey', body)).toMatchObject({
      code: 0,
      data: { installed: false },
    });
    const lines = authorizedKeys(keyTarget)
      .split('\n')
      .filter((l) => l.includes(key.split(' ')[1]!));
    expect(lines).toEqual([key]);
    expect(await listedServer(t, admin, id)).toMatchObject({
      authType: 'consoleKey',
      hasPassword: false,
    });
    const stored = await t.db
      .selectFrom('server')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([stored.password, stored.private_key, stored.passphrase]).toEqual(['', '', '']);
    const form = { id, ...serverForm(keyTarget, { authType: 'consoleKey', password: '' }) };
    expect(await call('POST', '/server/check', form)).toMatchObject({ code: 0 });
    const logs = await t.db.selectFrom('operation_log').select('request_data').execute();
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(log.request_data).not.toContain(keyTarget.password);
  });

  it('refuses to install the console key with a wrong password and changes nothing', async () => {
    const id = await addServer(t, admin, serverForm(keyTarget));
    const r = await call('POST', '/server/installPublicKey', { id, password: 'wrong-pw-5' });
    expect(r).toMatchObject({ code: 2, reason: 'ssh_auth' });
    expect(await listedServer(t, admin, id)).toMatchObject({
      authType: 'password',
      hasPassword: true,
    });
  });
});

describe('server connection timeouts', () => {
  it('reports a port that accepts but never speaks SSH as ssh_timeout', async () => {
    const t = await buildTestApp({}, { sshConnectTimeoutMs: 300 });
    const silent = await silentPort();
    try {
      const admin = await adminOf(t);
      const started = Date.now();
      const r = await t.call('POST', '/server/check', {
        token: admin.token,
        ns: 1,
        body: serverForm(a, { port: silent.port }),
      });
      expect(r).toMatchObject({ code: 2, reason: 'ssh_timeout' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await silent.close();
      await t.close();
    }
  });
});
