import { afterEach, beforeEach } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from './build-test-app.js';

export interface Actor {
  id: number;
  token: string;
}

/** The seeded super manager, logged in. */
export async function adminOf(t: TestApp): Promise<Actor> {
  return { id: 1, token: await t.login('admin', ADMIN_PASSWORD) };
}

/**
 * A user who has set their own password, member of `namespaceId` with `roleId`
 * (or with a fresh role holding exactly `permissionIds`).
 */
export async function memberOf(
  t: TestApp,
  admin: Actor,
  opts: { account: string; namespaceId: number; roleId?: number; permissionIds?: number[] },
): Promise<Actor> {
  const password = 'Initial123!';
  const add = await t.call<{ id: number }>('POST', '/user/add', {
    token: admin.token,
    ns: 1,
    body: { account: opts.account, password, name: opts.account },
  });
  if (add.code !== 0) throw new Error(`add user: ${add.message}`);
  let roleId = opts.roleId;
  if (roleId === undefined) {
    const role = await t.call<{ id: number }>('POST', '/role/add', {
      token: admin.token,
      ns: 1,
      body: { name: `r-${opts.account}`.slice(0, 20) },
    });
    roleId = role.data.id;
    await t.call('PUT', '/role/changePermission', {
      token: admin.token,
      ns: 1,
      body: { roleId, permissionIds: opts.permissionIds ?? [] },
    });
  }
  await t.call('POST', '/namespace/addUser', {
    token: admin.token,
    ns: 1,
    body: { namespaceId: opts.namespaceId, userIds: [add.data.id], roleId },
  });
  const first = await t.call<{ token: string }>('POST', '/user/login', {
    body: { account: opts.account, password, newPassword: 'Changed123!' },
  });
  if (first.code !== 0) throw new Error(`first login: ${first.message}`);
  return { id: add.data.id, token: first.data.token };
}

/**
 * A fresh console per test with the admin logged in: hands both to `use` before each test and
 * closes the console after it.
 */
export function useAdminApp(
  use: (t: TestApp, admin: Actor) => void,
  env: Record<string, string> = {},
) {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await buildTestApp(env);
    use(current, await adminOf(current));
  });
  afterEach(() => current?.close());
}
