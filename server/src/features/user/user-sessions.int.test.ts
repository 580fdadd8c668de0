import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';

describe("ending a member's sessions", () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  const asAdmin = (body: unknown) =>
    t.call('PUT', '/user/endSessions', { token: admin.token, ns: 1, body });
  const info = (token: string) => t.call('GET', '/user/info', { token });

  it('ends every session of the member at once; they log in again with their password', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const second = await t.login('bob', 'Changed123!');
    const carol = await memberOf(t, admin, { account: 'carol', namespaceId: 1, roleId: 2 });
    expect((await info(bob.token)).code).toBe(0);

    expect(await asAdmin({ id: bob.id })).toMatchObject({ code: 0 });
    expect((await info(bob.token)).code).toBe(10086);
    expect((await info(second)).code).toBe(10086);
    // Only bob's: carol and the admin stay signed in.
    expect((await info(carol.token)).code).toBe(0);
    expect((await info(admin.token)).code).toBe(0);
    expect(await t.login('bob', 'Changed123!')).toBeTruthy();
    const logged = await t.db
      .selectFrom('operation_log')
      .select(['router', 'api'])
      .where('api', '=', '/user/endSessions')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('refuses a member who does not exist, a disabled one and a bad id', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    await t.call('DELETE', '/user/remove', { token: admin.token, ns: 1, body: { id: bob.id } });
    expect(await asAdmin({ id: bob.id })).toMatchObject({ code: 1 });
    expect(await asAdmin({ id: 999 })).toMatchObject({ code: 1 });
    const bad = await asAdmin({ id: 'x' });
    expect(bad).toMatchObject({ code: 10003 });
    expect(bad.message).toMatch(/^id /);
  });

  it('needs the edit-member permission, and a super manager for a super manager', async () => {
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
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const end = (actor: Actor, id: number) =>
      t.call('PUT', '/user/endSessions', { token: actor.token, ns: 1, body: { id } });
    expect(await end(viewer, bob.id)).toMatchObject({ code: 1 });
    expect((await info(bob.token)).code).toBe(0);
    expect(await end(editor, admin.id)).toMatchObject({ code: 1, reason: 'super_manager_only' });
    expect((await info(admin.token)).code).toBe(0);
    expect(await end(editor, bob.id)).toMatchObject({ code: 0 });
    expect((await info(bob.token)).code).toBe(10086);
  });
});
