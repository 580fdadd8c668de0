import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { addProject, projectForm, secondNamespace } from '../../../test/project-fixtures.js';

interface LoginAnswer {
  namespaceList: { namespaceId: number }[];
  preferredNamespaceId: number;
}

describe('the namespace proposed at sign-in', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  /** A member of the default namespace and of a second one that holds a project. */
  async function memberOfTwo(): Promise<{ busy: number }> {
    const busy = await secondNamespace(t, admin);
    await addProject(t, admin, projectForm(), busy);
    const m = await memberOf(t, admin, { account: 'mia', namespaceId: 1, permissionIds: [] });
    const role = await t.db
      .selectFrom('namespace_user')
      .select('role_id')
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const add = await t.call('POST', '/namespace/addUser', {
      token: admin.token,
      ns: 1,
      body: { namespaceId: busy, userIds: [m.id], roleId: role.role_id },
    });
    expect(add.code).toBe(0);
    return { busy };
  }

  async function signIn(): Promise<LoginAnswer & { token: string }> {
    const r = await t.call<LoginAnswer & { token: string }>('POST', '/user/login', {
      body: { account: 'mia', password: 'Changed123!' },
    });
    expect(r.code).toBe(0);
    return r.data;
  }

  it('proposes the first namespace holding projects before any was used, in goploy order', async () => {
    const { busy } = await memberOfTwo();
    await t.db
      .updateTable('user')
      .set({ last_namespace_id: 0 })
      .where('account', '=', 'mia')
      .execute();
    const answer = await signIn();
    expect(answer.namespaceList.map((n) => n.namespaceId)).toEqual([1, busy]);
    expect(answer.preferredNamespaceId).toBe(busy);
  });

  it('proposes the namespace last worked in, kept on the server across sign-ins', async () => {
    const { busy } = await memberOfTwo();
    const first = await signIn();
    await t.call('GET', '/user/info', { token: first.token, ns: busy });
    expect((await signIn()).preferredNamespaceId).toBe(busy);
    await t.call('GET', '/user/info', { token: first.token, ns: 1 });
    const again = await signIn();
    expect(again.preferredNamespaceId).toBe(1);
    expect(again.namespaceList.map((n) => n.namespaceId)).toEqual([1, busy]);
  });

  it('proposes the same namespace to a tab that opens without one', async () => {
    const { busy } = await memberOfTwo();
    const { token } = await signIn();
    const option = () =>
      t.call<{ preferredNamespaceId: number }>('GET', '/namespace/getOption', { token });
    await t.call('GET', '/user/info', { token, ns: busy });
    expect((await option()).data.preferredNamespaceId).toBe(busy);
    await t.call('GET', '/user/info', { token, ns: 1 });
    expect((await option()).data.preferredNamespaceId).toBe(1);
  });

  it('does not record a namespace the user is not a member of, nor one named with an API key', async () => {
    const { busy } = await memberOfTwo();
    const first = await signIn();
    await t.call('GET', '/user/info', { token: first.token, ns: 1 });
    const stranger = await secondNamespace(t, admin, 'stranger');
    const denied = await t.call('GET', '/user/info', { token: first.token, ns: stranger });
    expect(denied.code).toBe(10002);
    const key = await t.call<string>('PUT', '/user/generateApiKey', { token: first.token, ns: 1 });
    await t.call('GET', '/user/info', { apiKey: key.data, ns: busy });
    expect((await signIn()).preferredNamespaceId).toBe(1);
  });

  it('falls back when the user has left the namespace last worked in', async () => {
    const { busy } = await memberOfTwo();
    const first = await signIn();
    await t.call('GET', '/user/info', { token: first.token, ns: 1 });
    const row = await t.db
      .selectFrom('namespace_user')
      .innerJoin('user', 'user.id', 'namespace_user.user_id')
      .select('namespace_user.id')
      .where('user.account', '=', 'mia')
      .where('namespace_user.namespace_id', '=', 1)
      .executeTakeFirstOrThrow();
    const removed = await t.call('DELETE', '/namespace/removeUser', {
      token: admin.token,
      ns: 1,
      body: { namespaceUserId: row.id },
    });
    expect(removed.code).toBe(0);
    const answer = await signIn();
    expect(answer.namespaceList.map((n) => n.namespaceId)).toEqual([busy]);
    expect(answer.preferredNamespaceId).toBe(busy);
  });
});
