import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import {
  addServer,
  jumpVia,
  multipartFile,
  serverForm,
  warmTestDb,
} from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import type { RequestContext } from '../../core/http/context.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  [a, b] = fleet.servers as [SshdServer, SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

const ALL_SERVER_PERMISSIONS = [24, 25, 26, 27, 29];

describe('server security', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  async function secondNamespace(): Promise<number> {
    const r = await t.call<{ id: number }>('POST', '/namespace/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'other' },
    });
    return r.data.id;
  }

  it("never lets a member of namespace 1 read, check, change or use namespace 2's server", async () => {
    const ns2 = await secondNamespace();
    const foreign = await addServer(t, admin, serverForm(a, { name: 'foreign' }), ns2);
    const member = await memberOf(t, admin, {
      account: 'nosy',
      namespaceId: 1,
      permissionIds: ALL_SERVER_PERMISSIONS,
    });
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      t.call<{ list: Array<{ id: number }> }>(method, url, { token: member.token, ns: 1, body });
    expect((await as('GET', '/server/getList')).data.list).toEqual([]);
    expect((await as('GET', '/server/getOption')).data.list).toEqual([]);
    const attempts: Array<['POST' | 'PUT', string, unknown]> = [
      ['POST', '/server/check', { id: foreign, ...serverForm(a, { password: '' }) }],
      ['PUT', '/server/edit', { id: foreign, ...serverForm(a, { name: 'mine' }) }],
      ['PUT', '/server/toggle', { id: foreign, state: 0 }],
      ['POST', '/server/acceptHostKey', { id: foreign }],
      ['POST', '/server/installPublicKey', { id: foreign, password: a.password }],
    ];
    for (const [method, url, body] of attempts) {
      const r = await as(method, url, body);
      expect(r.code, url).toBe(1);
      expect(r.reason, url).toBe('not_found');
    }
    const row = await t.db
      .selectFrom('server')
      .selectAll()
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'foreign', state: 1, auth_type: 'password' });
    const ctx = { namespaceId: 1 } as RequestContext;
    await expect(t.serverAccess.usable(ctx, foreign)).rejects.toMatchObject({
      code: 1,
      reason: 'not_found',
    });
  });

  it('refuses each server route to a member lacking its permission', async () => {
    const id = await addServer(t, admin, serverForm(a, { password: 'x' }));
    const routes: Array<[number[], 'GET' | 'POST' | 'PUT', string, unknown]> = [
      [[24], 'GET', '/server/getList', undefined],
      [[25], 'POST', '/server/add', serverForm(a)],
      [[26], 'PUT', '/server/edit', { id, ...serverForm(a) }],
      [[27], 'PUT', '/server/toggle', { id, state: 0 }],
      [[29], 'POST', '/server/import', undefined],
      [[25, 26], 'POST', '/server/check', serverForm(a)],
      [[25, 26], 'GET', '/server/getPublicKey', undefined],
      [[25, 26], 'POST', '/server/installPublicKey', { id, password: 'x' }],
      [[26], 'POST', '/server/acceptHostKey', { id }],
    ];
    let n = 0;
    for (const [needs, method, url, body] of routes) {
      const others = ALL_SERVER_PERMISSIONS.filter((p) => !needs.includes(p));
      const member = await memberOf(t, admin, {
        account: `m${n++}`,
        namespaceId: 1,
        permissionIds: others,
      });
      const r = await t.call(method, url, { token: member.token, ns: 1, body });
      expect(r, url).toMatchObject({ code: 1, reason: 'permission_denied' });
    }
    expect(await t.db.selectFrom('server').select('state').execute()).toEqual([{ state: 1 }]);
  });

  it('never sends a stored password to an address other than the stored one', async () => {
    const id = await addServer(t, admin, serverForm(a, jumpVia(b)));
    const elsewhere = { id, ...serverForm(b, { ...jumpVia(b), password: '', jumpPassword: '' }) };
    for (const url of ['/server/check', '/server/edit']) {
      const r = await t.call(url === '/server/edit' ? 'PUT' : 'POST', url, {
        token: admin.token,
        ns: 1,
        body: elsewhere,
      });
      expect(r, url).toMatchObject({
        code: 10003,
        message: 'password is required for password login',
      });
    }
    const otherJump = { id, ...serverForm(a, { ...jumpVia(a), password: '', jumpPassword: '' }) };
    const r = await t.call('POST', '/server/check', { token: admin.token, ns: 1, body: otherJump });
    expect(r).toMatchObject({ code: 10003, message: 'password is required for password login' });
    const same = { id, ...serverForm(a, { ...jumpVia(b), password: '', jumpPassword: '' }) };
    const ok = await t.call('POST', '/server/check', { token: admin.token, ns: 1, body: same });
    expect(ok.code).toBe(0);
  });

  it('never answers or logs a stored password, private key or passphrase', async () => {
    const { withPassphrase, passphrase } = b.keys;
    const byKey = serverForm(b, {
      name: 'by-key',
      authType: 'key',
      password: '',
      privateKey: withPassphrase.privateKey,
      passphrase,
      ...jumpVia(a),
    });
    const secrets = [a.password, b.password, withPassphrase.privateKey.split('\n')[1]!, passphrase];
    const answers: string[] = [];
    const as = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const r = await t.call(method, url, { token: admin.token, ns: 1, body });
      answers.push(r.res.body);
      return r;
    };
    const added = await as('POST', '/server/add', byKey);
    const id = (added.data as { id: number }).id;
    const pw = await as('POST', '/server/add', serverForm(b, { name: 'by-password' }));
    expect([added.code, pw.code]).toEqual([0, 0]);
    await as('PUT', '/server/edit', { id, ...byKey, name: 'again' });
    await as('POST', '/server/check', byKey);
    await as('POST', '/server/check', { id, ...byKey, privateKey: '', passphrase: '' });
    await as('POST', '/server/check', serverForm(b, { password: 'wrong-password-x' }));
    await as('GET', '/server/getList');
    await as('GET', '/server/getOption');
    const csv = `name,host,port,owner,password\nimported,10.0.0.1,22,root,${b.password}\n`;
    const { body, headers } = multipartFile('file', 's.csv', csv);
    const imported = await t.call('POST', '/server/import', {
      token: admin.token,
      ns: 1,
      body,
      headers,
    });
    expect(imported.code).toBe(0);
    answers.push(imported.res.body);
    expect(answers.join('\n')).toContain(a.hostKeyFingerprint); // the answers did arrive
    const logs = await t.db.selectFrom('operation_log').selectAll().execute();
    expect(logs.length).toBeGreaterThanOrEqual(5);
    const everything = [...answers, ...logs.map((l) => JSON.stringify(l))].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toContain('wrong-password-x');
  }, 30_000); // a dozen SSH logins, some decrypting a passphrase-protected key
});
