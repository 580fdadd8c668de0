import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import {
  addServer,
  listedServer,
  serverForm,
  type ServerForm,
  warmTestDb,
} from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import type { RequestContext } from '../../core/http/context.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;

/** The key directory (FERRY_KEY_DIR): copies of the first server's client keys. */
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-keys-'));
const keyFile = (name: 'id_plain' | 'id_passphrase') => path.join(keyDir, name);

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  [a, b] = fleet.servers as [SshdServer, SshdServer];
  fs.copyFileSync(a.keys.plain.path, keyFile('id_plain'));
  fs.copyFileSync(a.keys.withPassphrase.path, keyFile('id_passphrase'));
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

const OS_INFO = /^[^|]+\|\d+\|\d+$/;

describe('servers', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp(
    (app, actor) => {
      t = app;
      admin = actor;
    },
    { FERRY_KEY_DIR: keyDir },
  );

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, ns = 1) =>
    t.call<Record<string, unknown>>(method, url, { token: admin.token, ns, body });
  const stored = (id: number) =>
    t.db.selectFrom('server').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('adds a server with a password, reads its OS info and trusts its host key', async () => {
    const id = await addServer(t, admin, serverForm(a, { name: 'web-1', description: 'front' }));
    const row = await listedServer(t, admin, id);
    expect(row).toMatchObject({
      id,
      namespaceId: 1,
      name: 'web-1',
      ip: '127.0.0.1',
      port: a.port,
      owner: a.user,
      authType: 'password',
      password: '',
      hasPassword: true,
      hasPrivateKey: false,
      description: 'front',
      os: 'linux',
      state: 1,
      fingerprint: a.hostKeyFingerprint,
      pendingFingerprint: '',
      lastCheckError: '',
    });
    expect(row.osInfo).toMatch(OS_INFO);
    expect(row.lastCheckTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const db = await stored(id);
    expect(db.password).toMatch(/^v1:/);
    expect(db.password).not.toContain(a.password);
  });

  it('adds servers logging in with a pasted key, a key with passphrase and a key file', async () => {
    const { plain, withPassphrase, passphrase } = a.keys;
    const forms: ServerForm[] = [
      serverForm(a, { name: 'k1', authType: 'key', password: '', privateKey: plain.privateKey }),
      serverForm(a, {
        name: 'k2',
        authType: 'key',
        password: '',
        privateKey: withPassphrase.privateKey,
        passphrase,
      }),
      serverForm(a, { name: 'k3', authType: 'keyFile', password: '', path: keyFile('id_plain') }),
    ];
    for (const form of forms) {
      const row = await listedServer(t, admin, await addServer(t, admin, form));
      expect(row, form.name).toMatchObject({ authType: form.authType, lastCheckError: '' });
      expect(row.osInfo, form.name).toMatch(OS_INFO);
      expect(row.hasPassword, form.name).toBe(false);
    }
  }, 20_000); // logins with keys: decrypting a passphrase-protected key takes a while

  it('reads a goploy form without authType: path is a key file and password its passphrase', async () => {
    const { passphrase } = a.keys;
    const form = serverForm(a, { path: keyFile('id_passphrase'), password: passphrase });
    delete form.authType;
    const row = await listedServer(t, admin, await addServer(t, admin, form));
    expect(row).toMatchObject({
      authType: 'keyFile',
      path: keyFile('id_passphrase'),
      hasPassword: false,
      hasPassphrase: true,
      lastCheckError: '',
    });
  });

  it('adds a server it cannot log in to, keeping why and trusting no key', async () => {
    const id = await addServer(t, admin, serverForm(a, { password: 'wrong-secret-1' }));
    const row = await listedServer(t, admin, id);
    expect(row.lastCheckError).toContain('rejected the password');
    expect(row.fingerprint).toBe('');
    expect(row.osInfo).toBe('');
  });

  it('refuses bad input with 10003 naming the field and the rule, storing nothing', async () => {
    const encrypted = a.keys.withPassphrase.privateKey;
    const cases: Array<[Partial<ServerForm>, string]> = [
      [{ ip: '-oProxyCommand=x' }, 'ip must be an IP address or a host name'],
      [{ port: 0 }, 'port must be at least 1'],
      [{ port: 70000 }, 'port must be at most 65535'],
      [{ owner: '' }, 'owner must not be empty'],
      [{ password: '' }, 'password is required for password login'],
      [
        { authType: 'key', privateKey: 'not a key' },
        'privateKey must be a private key in OpenSSH, PEM or PuTTY format',
      ],
      [{ authType: 'key', privateKey: a.keys.plain.publicKey }, 'privateKey must be a private key'],
      [
        { authType: 'key', privateKey: encrypted },
        'passphrase is required: the private key is encrypted',
      ],
      [
        { authType: 'key', privateKey: encrypted, passphrase: 'nope' },
        'passphrase does not decrypt the private key',
      ],
      [{ authType: 'keyFile', path: 'id_rsa' }, 'path must name a private key file inside'],
      [{ jumpIP: '10.0.0.1' }, 'jumpOwner is required when jumpIP is set'],
      [{ jumpIP: '10.0.0.1', jumpOwner: 'x' }, 'jumpPassword is required for password login'],
      [{ jumpIP: '$(reboot)' }, 'jumpIP must be an IP address or a host name'],
    ];
    for (const [patch, message] of cases) {
      const r = await call('POST', '/server/add', serverForm(a, patch));
      expect(r.code, message).toBe(10003);
      expect(r.message, message).toContain(message);
    }
    const missing = serverForm(a) as Partial<ServerForm>;
    delete missing.owner;
    expect(await call('POST', '/server/add', missing)).toMatchObject({
      code: 10003,
      message: 'owner is required',
    });
    expect(await t.db.selectFrom('server').select('id').execute()).toEqual([]);
  });

  it('filters the list by name, host and state, newest first', async () => {
    const one = await addServer(t, admin, serverForm(a, { name: 'Alpha-web', password: 'x' }));
    const two = await addServer(
      t,
      admin,
      serverForm(a, { name: 'beta', ip: 'localhost', password: 'x' }),
    );
    await call('PUT', '/server/toggle', { id: two, state: 0 });
    const ids = async (query: Record<string, string | number>) => {
      const r = await t.call<{ list: Array<{ id: number }> }>('GET', '/server/getList', {
        token: admin.token,
        ns: 1,
        query,
      });
      return r.data.list.map((s) => s.id);
    };
    expect(await ids({})).toEqual([two, one]);
    expect(await ids({ name: 'alpha' })).toEqual([one]);
    expect(await ids({ name: '%' })).toEqual([]);
    expect(await ids({ host: 'local' })).toEqual([two]);
    expect(await ids({ host: '127.0' })).toEqual([one]);
    expect(await ids({ state: 0 })).toEqual([two]);
    expect(await ids({ state: 1 })).toEqual([one]);
  });

  it('keeps stored secrets on an edit that sends none, and drops those a new auth type does not use', async () => {
    const id = await addServer(t, admin, serverForm(a));
    const edit = (patch: Partial<ServerForm>) =>
      call('PUT', '/server/edit', { id, ...serverForm(a, { password: '', ...patch }) });
    expect(await edit({ name: 'renamed' })).toMatchObject({ code: 0 });
    expect(await listedServer(t, admin, id)).toMatchObject({
      name: 'renamed',
      hasPassword: true,
      lastCheckError: '',
    });
    const { withPassphrase, passphrase } = a.keys;
    const toKey = { authType: 'key' as const, privateKey: withPassphrase.privateKey, passphrase };
    expect(await edit(toKey)).toMatchObject({ code: 0 });
    expect((await stored(id)).password).toBe('');
    expect(await edit({ authType: 'key' })).toMatchObject({ code: 0 });
    expect(await listedServer(t, admin, id)).toMatchObject({
      authType: 'key',
      hasPassword: false,
      hasPrivateKey: true,
      hasPassphrase: true,
      lastCheckError: '',
    });
    expect(await edit({ authType: 'password' })).toMatchObject({
      code: 10003,
      message: 'password is required for password login',
    });
  }, 20_000); // logins with keys: decrypting a passphrase-protected key takes a while

  it('forgets host keys and wants the password again when the address changes', async () => {
    const id = await addServer(t, admin, serverForm(a));
    const moved = serverForm(b, { password: '' });
    const refused = await call('PUT', '/server/edit', { id, ...moved });
    expect(refused).toMatchObject({
      code: 10003,
      message: 'password is required for password login',
    });
    expect(await listedServer(t, admin, id)).toMatchObject({ fingerprint: a.hostKeyFingerprint });
    expect(await call('PUT', '/server/edit', { id, ...serverForm(b) })).toMatchObject({ code: 0 });
    expect(await listedServer(t, admin, id)).toMatchObject({
      port: b.port,
      owner: b.user,
      fingerprint: b.hostKeyFingerprint,
      lastCheckError: '',
    });
  });

  it('disables and enables a server; pickers list only enabled ones', async () => {
    const id = await addServer(t, admin, serverForm(a, { name: 'opt' }));
    const options = async () =>
      (
        await t.call<{ list: Array<Record<string, unknown>> }>('GET', '/server/getOption', {
          token: admin.token,
          ns: 1,
        })
      ).data.list;
    const [option] = await options();
    expect(option).toMatchObject({ id, name: 'opt', ip: '127.0.0.1', owner: a.user });
    expect(Object.keys(option!).sort()).toEqual([
      'description',
      'id',
      'insertTime',
      'ip',
      'name',
      'namespaceId',
      'osInfo',
      'owner',
      'port',
      'updateTime',
    ]);
    expect(await call('PUT', '/server/toggle', { id, state: 0 })).toMatchObject({ code: 0 });
    expect(await options()).toEqual([]);
    expect((await listedServer(t, admin, id)).state).toBe(0);
    expect(await call('PUT', '/server/toggle', { id, state: 1 })).toMatchObject({ code: 0 });
    expect(await options()).toHaveLength(1);
  });

  it('tells listeners about edits and disabling, and runs commands over the pool', async () => {
    const id = await addServer(t, admin, serverForm(a));
    const seen: Array<[number, string]> = [];
    const stop = t.serverAccess.onServerChanged((serverId, change) =>
      seen.push([serverId, change]),
    );
    const ctx = { namespaceId: 1 } as RequestContext;
    const server = await t.serverAccess.usable(ctx, id);
    const run = await t.serverAccess.exec(server, { argv: ['id', '-un'] });
    expect(run.stdout.trim()).toBe(a.user);
    // A new name leaves connections alone; new connection settings end them.
    await call('PUT', '/server/edit', { id, ...serverForm(a, { name: 'x', password: '' }) });
    expect(seen).toEqual([]);
    await call('PUT', '/server/edit', { id, ...serverForm(a, { password: 'changed' }) });
    await call('PUT', '/server/toggle', { id, state: 0 });
    await call('PUT', '/server/toggle', { id, state: 1 });
    stop();
    await call('PUT', '/server/toggle', { id, state: 0 });
    expect(seen).toEqual([
      [id, 'edited'],
      [id, 'disabled'],
    ]);
    await expect(t.serverAccess.usable(ctx, id)).rejects.toMatchObject({ code: 1 });
  });

  it('ends the pooled connection on an edit, so the next command logs in with the new settings', async () => {
    const id = await addServer(t, admin, serverForm(a));
    const server = await t.serverAccess.usable({ namespaceId: 1 } as RequestContext, id);
    const whoami = () => t.serverAccess.exec(server, { argv: ['id', '-un'] });
    expect((await whoami()).stdout.trim()).toBe(a.user);
    const edited = await call('PUT', '/server/edit', {
      id,
      ...serverForm(a, { password: 'not-the-password' }),
    });
    expect(edited.code).toBe(0);
    await expect(whoami()).rejects.toMatchObject({ reason: 'ssh_auth' });
    await call('PUT', '/server/edit', { id, ...serverForm(a) });
    expect((await whoami()).stdout.trim()).toBe(a.user);
  });

  it('shows the console public key from the data directory, ignoring path', async () => {
    const r = await t.call<{ key: string }>('GET', '/server/getPublicKey', {
      token: admin.token,
      ns: 1,
      query: { path: '/etc/passwd' },
    });
    const file = fs.readFileSync(path.join(t.dataDir, 'ssh', 'id_ed25519.pub'), 'utf8');
    expect(r).toMatchObject({ code: 0, data: { key: file.trim() } });
    expect(r.data.key).toMatch(/^ssh-ed25519 /);
  });
});

describe('shared servers', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  it('are listed in every namespace, placed and changed only by super managers', async () => {
    const ns2 = await t.call<{ id: number }>('POST', '/namespace/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'two' },
    });
    const shared = await addServer(t, admin, serverForm(a, { name: 'shared', namespaceId: 0 }));
    expect(await listedServer(t, admin, shared, ns2.data.id)).toMatchObject({ namespaceId: 0 });
    const member = await memberOf(t, admin, {
      account: 'mem',
      namespaceId: 1,
      permissionIds: [24, 25, 26, 27],
    });
    expect(await listedServer(t, member, shared)).toMatchObject({ name: 'shared' });
    const asMember = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      t.call(method, url, { token: member.token, ns: 1, body });
    const placeShared = await asMember('POST', '/server/add', serverForm(a, { namespaceId: 0 }));
    expect(placeShared).toMatchObject({ code: 1, reason: 'super_manager_only' });
    const placeElsewhere = await asMember(
      'POST',
      '/server/add',
      serverForm(a, { namespaceId: ns2.data.id }),
    );
    expect(placeElsewhere.code).toBe(1);
    const edit = await asMember('PUT', '/server/edit', {
      id: shared,
      ...serverForm(a, { name: 'mine' }),
    });
    expect(edit).toMatchObject({ code: 1, reason: 'super_manager_only' });
    const toggle = await asMember('PUT', '/server/toggle', { id: shared, state: 0 });
    expect(toggle).toMatchObject({ code: 1 });
    expect(await listedServer(t, admin, shared)).toMatchObject({ name: 'shared', state: 1 });
    const own = await asMember('POST', '/server/add', serverForm(a, { name: 'own' }));
    expect(own.code).toBe(0);
    const moved = await asMember('PUT', '/server/edit', {
      id: (own.data as { id: number }).id,
      ...serverForm(a, { name: 'own', namespaceId: 0, password: '' }),
    });
    expect(moved).toMatchObject({ code: 1, reason: 'super_manager_only' });
  });
});
