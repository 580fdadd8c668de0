import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSlapd } from '../../../../scripts/slapd-server.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { sharedSlapd } from '../../../test/shared-slapd.js';

// Names of this file's own: the directory is shared by the files of a worker.
const sfx = crypto.randomBytes(4).toString('hex');
const acct = (name: string) => `${name}${sfx}`;
const NS_WEB = `web-${sfx}`;
const NS_DATA = `data-${sfx}`;
const PASSWORD = 'Dir3ctory-pw!';

let slapd: TestSlapd;
const groupDn = (g: string) => `cn=${g}-${sfx},ou=groups,${slapd.baseDn}`;
const personDn = (a: string) => `uid=${acct(a)},ou=people,${slapd.baseDn}`;

let base: TestApp;
let t: TestApp;
let admin: Actor;
let nsWeb: number;
let nsData: number;
let memberRole: number;
let managerRole: number;

const ldapEnv = (roles: string[]): Record<string, string> => ({
  FERRY_LDAP_URL: slapd.url,
  FERRY_LDAP_BIND_DN: slapd.serviceDn,
  FERRY_LDAP_BIND_PASSWORD: slapd.servicePassword,
  FERRY_LDAP_BASE_DN: `ou=people,${slapd.baseDn}`,
  FERRY_LDAP_USER_FILTER: '(objectClass=inetOrgPerson)',
  FERRY_DIRECTORY_ROLES: roles.join(';'),
});

interface Listed {
  id: number;
  group: string;
  superManager: number;
  namespaceName: string;
  roleName: string;
  origin: string;
}

const asAdmin = <T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: object,
) =>
  t.call<T>(method, path, {
    token: admin.token,
    ns: 1,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
  });

const listed = async () =>
  (
    await asAdmin<{ list: Listed[]; ldapEnabled: boolean; oidcEnabled: boolean }>(
      'GET',
      '/system/getDirectoryMappings',
    )
  ).data;

const login = (account: string) =>
  t.call<{ namespaceList: { namespaceName: string; roleId: number }[] }>('POST', '/user/login', {
    body: { account, password: PASSWORD },
  });

const roleIn = async (account: string, namespace: string) =>
  (await login(account)).data.namespaceList?.find((n) => n.namespaceName === namespace)?.roleId;

beforeAll(async () => {
  slapd = await sharedSlapd();
  const person = (name: string) => `dn: ${personDn(name)}
changetype: add
objectClass: inetOrgPerson
uid: ${acct(name)}
cn: ${name}
sn: ${name}
userPassword: ${PASSWORD}
`;
  const group = (name: string, members: string[]) => `dn: ${groupDn(name)}
changetype: add
objectClass: groupOfNames
cn: ${name}-${sfx}
${members.map((m) => `member: ${personDn(m)}`).join('\n')}
`;
  await slapd.modify(
    [
      person('wendy'),
      person('dan'),
      person('nina'),
      group('web', ['wendy']),
      group('data', ['dan']),
      group('none', ['nina', 'wendy']),
    ].join('\n'),
  );
  base = await buildTestApp();
  const now = Date.now();
  await base.db
    .insertInto('namespace')
    .values([NS_WEB, NS_DATA].map((name) => ({ name, insert_time: now, update_time: now })))
    .execute();
  const ns = await base.db.selectFrom('namespace').select(['id', 'name']).execute();
  nsWeb = ns.find((n) => n.name === NS_WEB)!.id;
  nsData = ns.find((n) => n.name === NS_DATA)!.id;
  const roles = await base.db.selectFrom('role').select(['id', 'name']).execute();
  memberRole = roles.find((r) => r.name === 'member')!.id;
  managerRole = roles.find((r) => r.name === 'manager')!.id;
  t = await buildTestApp(ldapEnv([`${groupDn('web')}=${NS_WEB}:member`]), {}, base);
  admin = await adminOf(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await base?.close();
});

describe('directory group mappings', () => {
  it('lists the mappings of FERRY_DIRECTORY_ROLES by name, and keeps them to the environment', async () => {
    const { list, ldapEnabled, oidcEnabled } = await listed();
    expect(ldapEnabled).toBe(true);
    expect(oidcEnabled).toBe(false);
    const env = list.filter((m) => m.origin === 'env');
    expect(env).toEqual([
      expect.objectContaining({
        group: groupDn('web'),
        superManager: 0,
        namespaceName: NS_WEB,
        roleName: 'member',
      }),
    ]);
    const id = env[0]!.id;
    const edit = await asAdmin('PUT', '/system/editDirectoryMapping', {
      id,
      group: groupDn('web'),
      namespaceId: nsWeb,
      roleId: managerRole,
    });
    expect(edit).toMatchObject({ code: 2, reason: 'mapping_from_environment' });
    const remove = await asAdmin('DELETE', '/system/removeDirectoryMapping', { id });
    expect(remove).toMatchObject({ code: 2, reason: 'mapping_from_environment' });
  });

  it('gives a group a namespace and role from the page, takes effect at the next sign-in, and follows edits and removal', async () => {
    expect((await login(acct('dan'))).code).not.toBe(0);
    const add = await asAdmin<{ id: number }>('POST', '/system/addDirectoryMapping', {
      group: groupDn('data'),
      namespaceId: nsData,
      roleId: memberRole,
    });
    expect(add.code, add.message).toBe(0);
    expect(await roleIn(acct('dan'), NS_DATA)).toBe(memberRole);

    const edit = await asAdmin('PUT', '/system/editDirectoryMapping', {
      id: add.data.id,
      group: groupDn('data').toUpperCase(),
      namespaceId: nsData,
      roleId: managerRole,
    });
    expect(edit.code, edit.message).toBe(0);
    expect(await roleIn(acct('dan'), NS_DATA)).toBe(managerRole);

    expect(
      (await asAdmin('DELETE', '/system/removeDirectoryMapping', { id: add.data.id })).code,
    ).toBe(0);
    const after = await login(acct('dan'));
    expect(after.code).not.toBe(0);
    const memberships = await t.db
      .selectFrom('namespace_user')
      .innerJoin('user', 'user.id', 'namespace_user.user_id')
      .select('namespace_user.namespace_id')
      .where('user.account', '=', acct('dan'))
      .execute();
    expect(memberships).toEqual([]);
  });

  it('refuses a bad mapping naming the field, a duplicate, and an unknown one', async () => {
    const add = (body: object) => asAdmin('POST', '/system/addDirectoryMapping', body);
    expect(await add({ group: '', namespaceId: nsWeb, roleId: memberRole })).toMatchObject({
      code: 10003,
      message: 'group must not be empty',
    });
    expect(await add({ group: 'cn=x', namespaceId: 99_999, roleId: memberRole })).toMatchObject({
      code: 10003,
      message: 'namespaceId must be an existing namespace',
    });
    expect(await add({ group: 'cn=x', namespaceId: nsWeb, roleId: 99_999 })).toMatchObject({
      code: 10003,
      message: 'roleId must be an existing role',
    });
    expect(
      await add({ group: 'cn=x', superManager: 1, namespaceId: nsWeb, roleId: memberRole }),
    ).toMatchObject({
      code: 10003,
      message: 'namespaceId must be 0 when the group makes super managers',
    });
    expect(
      await add({
        group: ` ${groupDn('web').replace(/,/g, ', ')}`,
        namespaceId: nsWeb,
        roleId: managerRole,
      }),
    ).toMatchObject({ code: 2, reason: 'mapping_exists' });
    expect(await asAdmin('DELETE', '/system/removeDirectoryMapping', { id: 99_999 })).toMatchObject(
      {
        code: 1,
      },
    );
    const rows = await t.db.selectFrom('directory_mapping').select('group_name').execute();
    expect(rows.map((r) => r.group_name)).not.toContain('cn=x');
  });

  it('answers only super managers, on every route', async () => {
    // Made on the console without LDAP (with it, only the first super manager signs in locally);
    // the session works on both, as they share the database.
    const everything = await memberOf(base, await adminOf(base), {
      account: acct('mgr'),
      namespaceId: 1,
      permissionIds: Array.from({ length: 90 }, (_, i) => i + 1),
    });
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: object = {}) =>
      t.call(method, path, { token: everything.token, ns: 1, body });
    const id = (await listed()).list[0]!.id;
    for (const [method, path, body] of [
      ['GET', '/system/getDirectoryMappings', {}],
      ['POST', '/system/addDirectoryMapping', { group: 'cn=y', superManager: 1 }],
      ['PUT', '/system/editDirectoryMapping', { id, group: 'cn=y', superManager: 1 }],
      ['DELETE', '/system/removeDirectoryMapping', { id }],
      ['POST', '/system/testDirectorySignIn', { account: acct('wendy') }],
    ] as const) {
      expect(await as(method, path, body), path).toMatchObject({
        code: 1,
        reason: 'super_manager_only',
      });
    }
  });
});

describe('testing a sign-in from the settings page', () => {
  const test = (body: object) =>
    asAdmin<{
      outcome: string;
      entry: { dn: string; groups: string[] } | null;
      mappedGroups: string[];
      passwordChecked: boolean;
      existing: boolean;
      memberships: { group: string; namespaceName: string; roleName: string }[];
    }>('POST', '/system/testDirectorySignIn', body);

  it('shows the entry, its groups and the memberships that would follow, creating nobody', async () => {
    const r = await test({ account: acct('wendy') });
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({
      outcome: 'ok',
      entry: { dn: personDn('wendy') },
      passwordChecked: false,
      existing: false,
      memberships: [{ group: groupDn('web'), namespaceName: NS_WEB, roleName: 'member' }],
    });
    expect(r.data.entry?.groups.map((g) => g.toLowerCase())).toContain(
      groupDn('web').toLowerCase(),
    );
    // The groups some mapping names are told apart from the rest of the entry's groups.
    expect(r.data.mappedGroups.map((g) => g.toLowerCase())).toEqual([groupDn('web').toLowerCase()]);
    expect(r.data.entry?.groups.length).toBeGreaterThan(r.data.mappedGroups.length);
    const withPassword = await test({ account: acct('wendy'), password: PASSWORD });
    expect(withPassword.data).toMatchObject({ outcome: 'ok', passwordChecked: true });
    const user = await t.db
      .selectFrom('user')
      .select('id')
      .where('account', '=', acct('wendy'))
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('says why a sign-in would be refused, without counting towards a lockout', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await test({ account: acct('wendy'), password: 'wrong' })).data.outcome).toBe(
        'wrong_password',
      );
    }
    expect((await login(acct('wendy'))).code).toBe(0);
    expect((await test({ account: acct('ghost') })).data.outcome).toBe('no_entry');
    expect((await test({ account: acct('nina') })).data.outcome).toBe('no_mapped_group');
    expect((await test({ account: 'admin' })).data.outcome).toBe('local_only');
  });

  it('never keeps the tested password in the operation log, and needs LDAP on', async () => {
    await test({ account: acct('wendy'), password: PASSWORD });
    const logged = JSON.stringify(await t.db.selectFrom('operation_log').selectAll().execute());
    expect(logged).toContain('/system/testDirectorySignIn');
    expect(logged).not.toContain(PASSWORD);
    const off = await base.call('POST', '/system/testDirectorySignIn', {
      token: await base.login('admin', 'Admin123!'),
      ns: 1,
      body: { account: acct('wendy') },
    });
    expect(off).toMatchObject({ code: 2, reason: 'ldap_disabled' });
  });
});

describe('FERRY_DIRECTORY_ROLES at a later start', () => {
  it('brings the environment rows in line and leaves the page rows alone', async () => {
    const page = await asAdmin<{ id: number }>('POST', '/system/addDirectoryMapping', {
      group: groupDn('data'),
      namespaceId: nsData,
      roleId: memberRole,
    });
    expect(page.code).toBe(0);
    const again = await buildTestApp(
      ldapEnv([`${groupDn('data')}=${NS_DATA}:manager`, `${groupDn('web')}=*:super`]),
      {},
      base,
    );
    try {
      const rows = await again.db
        .selectFrom('directory_mapping')
        .select(['group_name', 'super_manager', 'namespace_id', 'role_id', 'origin'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          group_name: groupDn('data'),
          super_manager: 0,
          namespace_id: nsData,
          role_id: memberRole,
          origin: '',
        },
        {
          group_name: groupDn('data'),
          super_manager: 0,
          namespace_id: nsData,
          role_id: managerRole,
          origin: 'env',
        },
        {
          group_name: groupDn('web'),
          super_manager: 1,
          namespace_id: 0,
          role_id: 0,
          origin: 'env',
        },
      ]);
    } finally {
      await again.close();
    }
  });
});
