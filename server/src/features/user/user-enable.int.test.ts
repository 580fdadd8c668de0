import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';

describe('disabled members', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.call(method, path, { token: admin.token, ns: 1, body });
  const accounts = async (query?: Record<string, string>) =>
    (
      await t.call<{ list: { account: string; state: number }[] }>('GET', '/user/getList', {
        token: admin.token,
        ns: 1,
        query,
      })
    ).data.list.map((u) => `${u.account}:${u.state}`);

  it('are listed only when asked for, while the default list stays the enabled users', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    await memberOf(t, admin, { account: 'carol', namespaceId: 1, roleId: 2 });
    await asAdmin('DELETE', '/user/remove', { id: bob.id });

    expect(await accounts()).toEqual(['carol:1', 'admin:1']);
    expect(await accounts({ state: 'enabled' })).toEqual(['carol:1', 'admin:1']);
    expect(await accounts({ state: 'disabled' })).toEqual(['bob:0']);
    expect(await accounts({ state: 'all' })).toEqual(['carol:1', 'bob:0', 'admin:1']);
    const bad = await t.call('GET', '/user/getList', {
      token: admin.token,
      ns: 1,
      query: { state: 'gone' },
    });
    expect(bad).toMatchObject({ code: 10003 });
    expect(bad.message).toMatch(/^state must be/);
  });

  it('are enabled again by PUT /user/enable and may log in with their password', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    await asAdmin('DELETE', '/user/remove', { id: bob.id });
    const refused = await t.call('POST', '/user/login', {
      body: { account: 'bob', password: 'Changed123!' },
    });
    expect(refused.code).not.toBe(0);

    expect(await asAdmin('PUT', '/user/enable', { id: bob.id })).toMatchObject({ code: 0 });
    expect(await accounts()).toEqual(['bob:1', 'admin:1']);
    const login = await t.call('POST', '/user/login', {
      body: { account: 'bob', password: 'Changed123!' },
    });
    expect(login.code).toBe(0);
    // Enabling an enabled member, or one that does not exist, changes nothing and says so.
    expect(await asAdmin('PUT', '/user/enable', { id: bob.id })).toMatchObject({
      code: 2,
      reason: 'already_enabled',
    });
    expect(await asAdmin('PUT', '/user/enable', { id: 999 })).toMatchObject({ code: 1 });
    expect(await asAdmin('PUT', '/user/enable', { id: 'x' })).toMatchObject({ code: 10003 });
  });

  it('need the edit-member permission, and a super manager to enable a super manager', async () => {
    const viewer = await memberOf(t, admin, {
      account: 'viewer',
      namespaceId: 1,
      permissionIds: [8, 11],
    });
    const editor = await memberOf(t, admin, {
      account: 'editor',
      namespaceId: 1,
      permissionIds: [8, 10],
    });
    const root2 = await asAdmin('POST', '/user/add', {
      account: 'root2',
      password: 'Root1234!',
      name: 'R',
      superManager: 1,
    });
    const rootId = (root2.data as { id: number }).id;
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    await asAdmin('DELETE', '/user/remove', { id: rootId });
    await asAdmin('DELETE', '/user/remove', { id: bob.id });

    const byViewer = await t.call('PUT', '/user/enable', {
      token: viewer.token,
      ns: 1,
      body: { id: bob.id },
    });
    expect(byViewer.code).toBe(1);
    const superByEditor = await t.call('PUT', '/user/enable', {
      token: editor.token,
      ns: 1,
      body: { id: rootId },
    });
    expect(superByEditor).toMatchObject({ code: 1, reason: 'super_manager_only' });
    expect(await accounts({ state: 'disabled' })).toEqual(['bob:0', 'root2:0']);

    const byEditor = await t.call('PUT', '/user/enable', {
      token: editor.token,
      ns: 1,
      body: { id: bob.id },
    });
    expect(byEditor.code).toBe(0);
    expect(await accounts({ state: 'disabled' })).toEqual(['root2:0']);
  });
});
