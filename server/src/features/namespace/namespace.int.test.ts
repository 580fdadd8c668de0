import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';

describe('namespaces and roles', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  const asAdmin = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) =>
    t.call<T>(
      method,
      path,
      method === 'GET'
        ? { token: admin.token, ns: 1, query: body as Record<string, string> }
        : { token: admin.token, ns: 1, body },
    );

  it('creates a namespace that every super manager joins, and refuses a duplicate name', async () => {
    const add = await asAdmin<{ id: number }>('POST', '/namespace/add', { name: 'staging' });
    expect(add.data.id).toBe(2);
    const option = await asAdmin<{ list: unknown[] }>('GET', '/namespace/getOption');
    expect(option.data.list).toEqual([
      { namespaceId: 1, namespaceName: 'default', roleId: 0 },
      { namespaceId: 2, namespaceName: 'staging', roleId: 0 },
    ]);
    expect((await asAdmin('POST', '/namespace/add', { name: 'staging' })).reason).toBe(
      'namespace_exists',
    );
    expect((await asAdmin('POST', '/namespace/add', { name: 'x'.repeat(21) })).code).toBe(10003);
    expect((await asAdmin('PUT', '/namespace/edit', { id: 2, name: 'stage' })).code).toBe(0);
    const list = await asAdmin<{ list: { name: string }[] }>('GET', '/namespace/getList');
    expect(list.data.list.map((n) => n.name)).toEqual(['stage', 'default']);
  });

  it('binds members with a role and lists them with role names', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const bound = await asAdmin<{ list: Record<string, unknown>[] }>(
      'GET',
      '/namespace/getBindUserList',
      { id: '1' },
    );
    expect(bound.data.list.map((r) => [r.userName, r.roleId, r.roleName])).toEqual([
      ['admin', 0, ''],
      ['bob', 2, 'member'],
    ]);
    const users = await asAdmin<{ list: unknown[] }>('GET', '/namespace/getUserOption');
    expect(users.data.list).toContainEqual({ userId: bob.id, userName: 'bob', roleId: 2 });
    const row = bound.data.list.find((r) => r.userId === bob.id)!;
    expect(
      (await asAdmin('DELETE', '/namespace/removeUser', { namespaceUserId: row.id })).code,
    ).toBe(0);
    expect((await t.call('GET', '/user/info', { token: bob.token, ns: 1 })).code).toBe(10002);
  });

  it('keeps a manager inside the namespace they work in', async () => {
    await asAdmin('POST', '/namespace/add', { name: 'other' });
    const manager = await memberOf(t, admin, {
      account: 'mgr',
      namespaceId: 1,
      permissionIds: [13, 16, 17],
    });
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const reach = await t.call('POST', '/namespace/addUser', {
      token: manager.token,
      ns: 1,
      body: { namespaceId: 2, userIds: [bob.id], roleId: 1 },
    });
    expect(reach.code).toBe(1);
    const peek = await t.call('GET', '/namespace/getBindUserList', {
      token: manager.token,
      ns: 1,
      query: { id: 2 },
    });
    expect(peek.code).toBe(1);
    const rows = await t.db
      .selectFrom('namespace_user')
      .selectAll()
      .where('namespace_id', '=', 2)
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([1]);
    const ownRows = await t.call<{ list: unknown[] }>('GET', '/namespace/getList', {
      token: manager.token,
      ns: 1,
    });
    expect(ownRows.data.list).toHaveLength(1);
  });

  it('lets a manager who creates a namespace join it with their role', async () => {
    const manager = await memberOf(t, admin, { account: 'mgr', namespaceId: 1, roleId: 1 });
    const add = await t.call<{ id: number }>('POST', '/namespace/add', {
      token: manager.token,
      ns: 1,
      body: { name: 'mine' },
    });
    const joined = await t.call('GET', '/user/info', { token: manager.token, ns: add.data.id });
    expect(joined.code).toBe(0);
  });

  it('edits roles and their permission sets, and refuses to remove a role in use', async () => {
    const add = await asAdmin<{ id: number }>('POST', '/role/add', {
      name: 'ops',
      description: 'operations',
    });
    const roleId = add.data.id;
    expect((await asAdmin('POST', '/role/add', { name: 'ops' })).reason).toBe('role_exists');
    expect(
      (await asAdmin('PUT', '/role/changePermission', { roleId, permissionIds: [24, 34, 999] }))
        .code,
    ).toBe(10003);
    expect(
      (await asAdmin('PUT', '/role/changePermission', { roleId, permissionIds: [24, 34] })).code,
    ).toBe(0);
    const bindings = await asAdmin<{ list: { permissionId: number }[] }>(
      'GET',
      '/role/getPermissionBindings',
      { roleId: String(roleId) },
    );
    expect(bindings.data.list.map((b) => b.permissionId).sort()).toEqual([24, 34]);
    const carol = await memberOf(t, admin, { account: 'carol', namespaceId: 1, roleId });
    expect(
      (
        await t.call<{ namespace: { permissionIds: number[] } }>('GET', '/user/info', {
          token: carol.token,
          ns: 1,
        })
      ).data.namespace.permissionIds,
    ).toEqual([24, 34]);
    await asAdmin('PUT', '/role/changePermission', { roleId, permissionIds: [24] });
    expect(
      (
        await t.call<{ namespace: { permissionIds: number[] } }>('GET', '/user/info', {
          token: carol.token,
          ns: 1,
        })
      ).data.namespace.permissionIds,
    ).toEqual([24]);
    expect((await asAdmin('DELETE', '/role/remove', { id: roleId })).reason).toBe('role_in_use');
    expect((await asAdmin('DELETE', '/role/remove', { id: 999 })).code).toBe(1);
  });

  it('lists the permission catalogue flat with groups', async () => {
    const r = await asAdmin<{ list: { id: number; pid: number; name: string }[] }>(
      'GET',
      '/role/getPermissionList',
    );
    expect(r.data.list).toHaveLength(86);
    expect(r.data.list.find((p) => p.id === 34)).toMatchObject({
      pid: 23,
      name: 'ShowTerminalPage',
    });
    const option = await asAdmin<{ list: { name: string }[] }>('GET', '/role/getOption');
    expect(option.data.list.map((x) => x.name)).toEqual(['member', 'manager']);
  });
});
