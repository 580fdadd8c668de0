import { Perm } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';

/**
 * Users and roles can belong to several namespaces: a manager of namespace A acts on one only
 * with rights over every namespace it touches. One console for the whole file; each test makes
 * the accounts it needs.
 */
describe('acting on users and roles across namespaces', () => {
  let t: TestApp;
  let admin: Actor;
  let nsA: number;
  let nsB: number;
  let managerA: Actor;
  /** Manager of A's role: member and role management, the login log. */
  const managerPerms = [
    Perm.ShowMemberPage,
    Perm.AddMember,
    Perm.EditMember,
    Perm.DeleteMember,
    Perm.ShowRolePage,
    Perm.AddRole,
    Perm.EditRole,
    Perm.DeleteRole,
    Perm.EditPermission,
    Perm.ShowLoginLogPage,
    Perm.AddNamespaceUser,
  ];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminOf(t);
    const add = async (name: string) =>
      (
        await t.call<{ id: number }>('POST', '/namespace/add', {
          token: admin.token,
          ns: 1,
          body: { name },
        })
      ).data.id;
    nsA = await add('team-a');
    nsB = await add('team-b');
    managerA = await memberOf(t, admin, {
      account: 'manager-a',
      namespaceId: nsA,
      permissionIds: managerPerms,
    });
  });
  afterAll(() => t.close());

  const asManagerA = <T = unknown>(
    method: 'GET' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) =>
    t.call<T>(method, path, {
      token: managerA.token,
      ns: nsA,
      ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
    });

  const addToNamespace = (namespaceId: number, userId: number, roleId: number) =>
    t.call('POST', '/namespace/addUser', {
      token: admin.token,
      ns: 1,
      body: { namespaceId, userIds: [userId], roleId },
    });

  it('refuses to set the password of, or disable, a user who is only in another namespace', async () => {
    const bee = await memberOf(t, admin, { account: 'bee', namespaceId: nsB, permissionIds: [] });
    const edit = await asManagerA('PUT', '/user/edit', {
      id: bee.id,
      name: 'bee',
      password: 'Taken1234!',
      superManager: 0,
    });
    expect(edit).toMatchObject({ code: 1, reason: 'namespace_rights' });
    expect(await t.login('bee', 'Changed123!')).toBeTruthy();
    const login = await t.call('POST', '/user/login', {
      body: { account: 'bee', password: 'Taken1234!' },
    });
    expect(login.code).not.toBe(0);

    const remove = await asManagerA('DELETE', '/user/remove', { id: bee.id });
    expect(remove).toMatchObject({ code: 1, reason: 'namespace_rights' });
    const end = await asManagerA('PUT', '/user/endSessions', { id: bee.id });
    expect(end).toMatchObject({ code: 1, reason: 'namespace_rights' });
    expect((await t.call('GET', '/user/info', { token: bee.token })).code).toBe(0);
    const row = await t.db
      .selectFrom('user')
      .select('state')
      .where('id', '=', bee.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe(1);

    await t.call('DELETE', '/user/remove', { token: admin.token, ns: 1, body: { id: bee.id } });
    const enable = await asManagerA('PUT', '/user/enable', { id: bee.id });
    expect(enable).toMatchObject({ code: 1, reason: 'namespace_rights' });
    const disabled = await asManagerA<{ list: { account: string }[] }>('GET', '/user/getList', {
      state: 'disabled',
    });
    expect(disabled.data.list.map((u) => u.account)).not.toContain('bee');
  });

  it('refuses a user in both namespaces, allows one in A alone', async () => {
    const both = await memberOf(t, admin, { account: 'both', namespaceId: nsA, roleId: 1 });
    await addToNamespace(nsB, both.id, 1);
    // Being a member of B is not enough: the permission is needed there too.
    await addToNamespace(nsB, managerA.id, 2);
    const refused = await asManagerA('PUT', '/user/edit', {
      id: both.id,
      name: 'renamed',
      superManager: 0,
    });
    expect(refused).toMatchObject({ code: 1, reason: 'namespace_rights' });
    expect(await asManagerA('PUT', '/user/endSessions', { id: both.id })).toMatchObject({
      code: 1,
      reason: 'namespace_rights',
    });

    const onlyA = await memberOf(t, admin, { account: 'only-a', namespaceId: nsA, roleId: 2 });
    const edit = await asManagerA('PUT', '/user/edit', {
      id: onlyA.id,
      name: 'Only A',
      password: 'Reset1234!',
      superManager: 0,
    });
    expect(edit.code).toBe(0);
    const remove = await asManagerA('DELETE', '/user/remove', { id: onlyA.id });
    expect(remove.code).toBe(0);
  });

  it("lists only the current namespace's members and accounts in no namespace", async () => {
    await memberOf(t, admin, { account: 'list-b', namespaceId: nsB, roleId: 2 });
    await memberOf(t, admin, { account: 'list-a', namespaceId: nsA, roleId: 2 });
    const fresh = await t.call('POST', '/user/add', {
      token: admin.token,
      ns: 1,
      body: { account: 'unplaced', password: 'Fresh1234!', name: 'unplaced' },
    });
    expect(fresh.code).toBe(0);
    const list = await asManagerA<{ list: { account: string }[] }>('GET', '/user/getList');
    const accounts = list.data.list.map((u) => u.account);
    expect(accounts).toContain('list-a');
    expect(accounts).toContain('manager-a');
    expect(accounts).toContain('unplaced');
    expect(accounts).not.toContain('list-b');

    const all = await t.call<{ list: { account: string }[] }>('GET', '/user/getList', {
      token: admin.token,
      ns: nsA,
    });
    expect(all.data.list.map((u) => u.account)).toContain('list-b');
  });

  it('refuses to change a role held in another namespace', async () => {
    const role = await t.call<{ id: number }>('POST', '/role/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'shared-role' },
    });
    const roleId = role.data.id;
    await t.call('PUT', '/role/changePermission', {
      token: admin.token,
      ns: 1,
      body: { roleId, permissionIds: [Perm.ShowMemberPage] },
    });
    const inA = await memberOf(t, admin, { account: 'role-a', namespaceId: nsA, roleId });
    // Held in A alone: A's manager may change it (within the permissions they hold).
    const allowed = await asManagerA('PUT', '/role/changePermission', {
      roleId,
      permissionIds: [Perm.ShowMemberPage, Perm.AddMember],
    });
    expect(allowed.code).toBe(0);

    await addToNamespace(nsB, inA.id, roleId);
    await memberOf(t, admin, { account: 'role-b', namespaceId: nsB, roleId });
    const change = await asManagerA('PUT', '/role/changePermission', {
      roleId,
      permissionIds: [Perm.ShowMemberPage, Perm.AddMember, Perm.EditMember],
    });
    expect(change).toMatchObject({ code: 1, reason: 'namespace_rights' });
    const edit = await asManagerA('PUT', '/role/edit', { id: roleId, name: 'taken-over' });
    expect(edit).toMatchObject({ code: 1, reason: 'namespace_rights' });
    const bindings = await t.db
      .selectFrom('role_permission')
      .select('permission_id')
      .where('role_id', '=', roleId)
      .orderBy('permission_id')
      .execute();
    expect(bindings.map((b) => b.permission_id)).toEqual([Perm.ShowMemberPage, Perm.AddMember]);
    const name = await t.db
      .selectFrom('role')
      .select('name')
      .where('id', '=', roleId)
      .executeTakeFirstOrThrow();
    expect(name.name).toBe('shared-role');
  });

  it('refuses to remove a role held in another namespace only, even when unused in A', async () => {
    const role = await t.call<{ id: number }>('POST', '/role/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'b-only-role' },
    });
    const roleId = role.data.id;
    await memberOf(t, admin, { account: 'holder-b', namespaceId: nsB, roleId });
    const remove = await asManagerA('DELETE', '/role/remove', { id: roleId });
    expect(remove.code).toBe(1);
    expect(
      await t.db.selectFrom('role').select('id').where('id', '=', roleId).execute(),
    ).toHaveLength(1);
  });

  it('refuses to grant or withdraw a permission the manager does not hold', async () => {
    const role = await t.call<{ id: number }>('POST', '/role/add', {
      token: managerA.token,
      ns: nsA,
      body: { name: 'a-new-role' },
    });
    expect(role.code).toBe(0);
    const escalate = await asManagerA('PUT', '/role/changePermission', {
      roleId: role.data.id,
      permissionIds: [Perm.ShowMemberPage, Perm.AddNamespace],
    });
    expect(escalate).toMatchObject({ code: 1, reason: 'permission_not_held' });
    const own = await asManagerA('PUT', '/role/changePermission', {
      roleId: role.data.id,
      permissionIds: [Perm.ShowMemberPage],
    });
    expect(own.code).toBe(0);
  });

  it('adds to A neither a user of another namespace nor a role holding more than the manager', async () => {
    const outsider = await memberOf(t, admin, { account: 'outsider', namespaceId: nsB, roleId: 2 });
    const fresh = await t.call<{ id: number }>('POST', '/user/add', {
      token: admin.token,
      ns: 1,
      body: { account: 'newcomer', password: 'Fresh1234!', name: 'newcomer' },
    });
    const add = (userId: number, roleId: number) =>
      t.call('POST', '/namespace/addUser', {
        token: managerA.token,
        ns: nsA,
        body: { namespaceId: nsA, userIds: [userId], roleId },
      });
    const small = await t.call<{ id: number }>('POST', '/role/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'small-role' },
    });
    await t.call('PUT', '/role/changePermission', {
      token: admin.token,
      ns: 1,
      body: { roleId: small.data.id, permissionIds: [Perm.ShowMemberPage] },
    });
    expect(await add(outsider.id, small.data.id)).toMatchObject({
      code: 1,
      reason: 'namespace_rights',
    });
    // The seeded manager role holds permissions A's manager lacks (projects, servers, deploys).
    expect(await add(fresh.data.id, 1)).toMatchObject({ code: 1, reason: 'permission_not_held' });
    expect(await add(managerA.id, 1)).toMatchObject({ code: 1, reason: 'permission_not_held' });
    const members = await t.db
      .selectFrom('namespace_user')
      .select(['user_id', 'role_id'])
      .where('namespace_id', '=', nsA)
      .where('user_id', 'in', [outsider.id, fresh.data.id, managerA.id])
      .execute();
    expect(members).toHaveLength(1);
    expect(members[0]!.role_id).not.toBe(1);
    // A role within the manager's own permissions, for an account in no namespace: allowed.
    expect((await add(fresh.data.id, small.data.id)).code).toBe(0);
  });

  it("shows a namespace manager the login log of the namespace's members only", async () => {
    await memberOf(t, admin, { account: 'logger-b', namespaceId: nsB, roleId: 2 });
    await memberOf(t, admin, { account: 'logger-a', namespaceId: nsA, roleId: 2 });
    const list = await asManagerA<{ list: { account: string }[] }>('GET', '/log/getLoginLogList', {
      account: '',
      page: '1',
      rows: '100',
    });
    expect(list.code).toBe(0);
    const accounts = new Set(list.data.list.map((r) => r.account));
    expect(accounts.has('logger-a')).toBe(true);
    expect(accounts.has('logger-b')).toBe(false);
    const total = await asManagerA<{ total: number }>('GET', '/log/getLoginLogTotal', {
      account: '',
    });
    expect(total.data.total).toBe(list.data.list.length);

    const all = await t.call<{ list: { account: string }[] }>('GET', '/log/getLoginLogList', {
      token: admin.token,
      ns: nsA,
      query: { account: '', page: 1, rows: 100 },
    });
    expect(all.data.list.map((r) => r.account)).toContain('logger-b');
  });
});
