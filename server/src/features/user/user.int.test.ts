import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';

describe('members', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.call(method, path, { token: admin.token, ns: 1, body });

  it('adds a member and lists it without secrets', async () => {
    const add = await asAdmin('POST', '/user/add', {
      account: 'dave',
      password: 'Dave1234!',
      name: 'Dave',
      contact: '13800000000',
    });
    expect(add).toMatchObject({ code: 0, data: { id: 2 } });
    const list = await t.call<{ list: Record<string, unknown>[] }>('GET', '/user/getList', {
      token: admin.token,
      ns: 1,
    });
    expect(list.data.list.map((u) => u.account)).toEqual(['dave', 'admin']);
    const dave = list.data.list[0]!;
    expect(dave).toMatchObject({
      id: 2,
      name: 'Dave',
      contact: '13800000000',
      superManager: 0,
      password: '',
      apiKey: '',
    });
    expect(dave.insertTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const stored = await t.db
      .selectFrom('user')
      .select('password')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^\$argon2id\$/);
  });

  it('refuses a duplicate account, a bad contact and a weak password, writing nothing', async () => {
    await asAdmin('POST', '/user/add', { account: 'dave', password: 'Dave1234!', name: 'Dave' });
    const dup = await asAdmin('POST', '/user/add', {
      account: 'dave',
      password: 'Dave1234!',
      name: 'D2',
    });
    expect(dup).toMatchObject({ code: 2, reason: 'account_exists' });
    const contact = await asAdmin('POST', '/user/add', {
      account: 'eve',
      password: 'Eve12345!',
      name: 'E',
      contact: '123',
    });
    expect(contact).toMatchObject({ code: 10003, message: 'contact must be 11 digits' });
    const weak = await asAdmin('POST', '/user/add', {
      account: 'eve',
      password: 'password',
      name: 'E',
    });
    expect(weak.code).toBe(10003);
    expect(weak.message).toMatch(/^password must be 8 to 16 characters/);
    const missing = await asAdmin('POST', '/user/add', { account: 'eve', name: 'E' });
    expect(missing).toMatchObject({ code: 10003, message: 'password is required' });
    const users = await t.db.selectFrom('user').select('account').execute();
    expect(users.map((u) => u.account).sort()).toEqual(['admin', 'dave']);
  });

  it('makes a new super manager a member of every namespace', async () => {
    await asAdmin('POST', '/namespace/add', { name: 'staging' });
    const add = await asAdmin('POST', '/user/add', {
      account: 'root2',
      password: 'Root1234!',
      name: 'R',
      superManager: 1,
    });
    const rows = await t.db
      .selectFrom('namespace_user')
      .selectAll()
      .where('user_id', '=', (add.data as { id: number }).id)
      .execute();
    expect(rows.map((r) => [r.namespace_id, r.role_id]).sort()).toEqual([
      [1, 0],
      [2, 0],
    ]);
    await asAdmin('PUT', '/user/edit', { id: 2, name: 'R', superManager: 0 });
    expect(
      await t.db.selectFrom('namespace_user').selectAll().where('user_id', '=', 2).execute(),
    ).toEqual([]);
  });

  it('never lets a member who is not a super manager create or edit a super manager', async () => {
    const boss = await memberOf(t, admin, {
      account: 'boss',
      namespaceId: 1,
      permissionIds: [8, 9, 10, 11],
    });
    const make = await t.call('POST', '/user/add', {
      token: boss.token,
      ns: 1,
      body: { account: 'x', password: 'Xx123456!', name: 'x', superManager: 1 },
    });
    expect(make).toMatchObject({ code: 1, reason: 'super_manager_only' });
    const self = await t.call('PUT', '/user/edit', {
      token: boss.token,
      ns: 1,
      body: { id: boss.id, name: 'boss', superManager: 1 },
    });
    expect(self.code).toBe(1);
    const removeAdmin = await t.call('DELETE', '/user/remove', {
      token: boss.token,
      ns: 1,
      body: { id: 1 },
    });
    expect(removeAdmin.code).toBe(2);
    const row = await t.db
      .selectFrom('user')
      .select('super_manager')
      .where('id', '=', boss.id)
      .executeTakeFirstOrThrow();
    expect(row.super_manager).toBe(0);
  });

  it('disables instead of deleting, ends the sessions, and protects user 1 and oneself', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    expect((await asAdmin('DELETE', '/user/remove', { id: 1 })).message).toBe(
      'Can not delete the super manager',
    );
    const r = await asAdmin('DELETE', '/user/remove', { id: bob.id });
    expect(r.code).toBe(0);
    expect((await t.call('GET', '/user/info', { token: bob.token, ns: 1 })).code).toBe(10086);
    const row = await t.db
      .selectFrom('user')
      .select('state')
      .where('id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe(0);
    expect((await asAdmin('DELETE', '/user/remove', { id: bob.id })).code).toBe(1);
  });

  it('resets a password from the admin: old sessions end and the next login must change it', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    await asAdmin('PUT', '/user/edit', { id: bob.id, name: 'bob', password: 'Reset1234!' });
    expect((await t.call('GET', '/user/info', { token: bob.token })).code).toBe(10086);
    const login = await t.call('POST', '/user/login', {
      body: { account: 'bob', password: 'Reset1234!' },
    });
    expect(login.code).toBe(10004);
  });

  it('changes the own password after checking the old one', async () => {
    const wrong = await asAdmin('PUT', '/user/changePassword', {
      oldPwd: 'nope',
      newPwd: 'Other1234!',
    });
    expect(wrong).toMatchObject({ code: 2, reason: 'wrong_password' });
    const same = await asAdmin('PUT', '/user/changePassword', {
      oldPwd: 'Admin123!',
      newPwd: 'Admin123!',
    });
    expect(same.reason).toBe('password_reused');
    const weak = await asAdmin('PUT', '/user/changePassword', {
      oldPwd: 'Admin123!',
      newPwd: 'short',
    });
    expect(weak.code).toBe(10003);
    expect(
      (await asAdmin('PUT', '/user/changePassword', { oldPwd: 'Admin123!', newPwd: 'Other1234!' }))
        .code,
    ).toBe(0);
    expect(
      (await t.call('POST', '/user/login', { body: { account: 'admin', password: 'Other1234!' } }))
        .code,
    ).toBe(0);
  });

  it('issues an API key that is stored encrypted, works with X-API-KEY, and dies when regenerated', async () => {
    expect((await asAdmin('GET', '/user/getApiKey')).data).toBe('');
    const first = (await asAdmin('PUT', '/user/generateApiKey')).data as string;
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    const row = await t.db
      .selectFrom('user')
      .select(['api_key', 'api_key_hash'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.api_key).not.toContain(first);
    expect((await asAdmin('GET', '/user/getApiKey')).data).toBe(first);
    const viaKey = await t.call('GET', '/role/getList', { apiKey: first, ns: 1 });
    expect(viaKey.code).toBe(0);
    const viaQuery = await t.call('GET', '/role/getList', {
      query: { 'X-API-KEY': first, 'G-N-ID': 1 },
    });
    expect(viaQuery.code).toBe(0);
    const second = (await asAdmin('PUT', '/user/generateApiKey')).data as string;
    expect(second).not.toBe(first);
    expect((await t.call('GET', '/role/getList', { apiKey: first, ns: 1 })).code).toBe(10001);
    expect((await t.call('GET', '/role/getList', { apiKey: second, ns: 1 })).code).toBe(0);
  });

  it('tells a caller their identity and permissions in the namespace', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const info = await t.call('GET', '/user/info', { token: bob.token, ns: 1 });
    expect(info.data).toEqual({
      userInfo: { id: bob.id, account: 'bob', name: 'bob', superManager: 0 },
      namespace: { id: 1, permissionIds: [57, 59, 60, 61, 67] },
    });
  });
});
