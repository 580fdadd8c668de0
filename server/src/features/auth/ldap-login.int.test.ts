import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSlapd } from '../../../../scripts/slapd-server.mjs';
import { capturedLog } from '../../../test/captured-log.js';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { sharedSlapd } from '../../../test/shared-slapd.js';
import { ConfigError } from '../../config.js';
import { freePort } from '../../../test/sshd-fleet.js';

// Names of this file's own: the directory is shared by the files of a worker.
const sfx = crypto.randomBytes(4).toString('hex');
const acct = (name: string) => `${name}${sfx}`;
const NS_DEV = `dev-${sfx}`;
const NS_OPS = `ops-${sfx}`;
const NS_HAND = `hand-${sfx}`;
const PASSWORD = 'Dir3ctory-pw!';

let slapd: TestSlapd;
const groupDn = (g: string) => `cn=${g}-${sfx},ou=groups,${slapd.baseDn}`;
const personDn = (a: string) => `uid=${acct(a)},ou=people,${slapd.baseDn}`;

function person(name: string, fullName: string) {
  return `dn: ${personDn(name)}
changetype: add
objectClass: inetOrgPerson
uid: ${acct(name)}
cn: ${fullName}
sn: ${name}
userPassword: ${PASSWORD}
`;
}

function group(name: string, members: string[]) {
  return `dn: ${groupDn(name)}
changetype: add
objectClass: groupOfNames
cn: ${name}-${sfx}
${members.map((m) => `member: ${personDn(m)}`).join('\n')}
`;
}

/** The console's log lines, to look for secrets in. */
const { lines: logged, logger } = capturedLog();

let base: TestApp;
let t: TestApp;

function ldapEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    FERRY_LDAP_URL: slapd.url,
    FERRY_LDAP_BIND_DN: slapd.serviceDn,
    FERRY_LDAP_BIND_PASSWORD: slapd.servicePassword,
    FERRY_LDAP_BASE_DN: `ou=people,${slapd.baseDn}`,
    FERRY_LDAP_USER_FILTER: '(objectClass=inetOrgPerson)',
    FERRY_DIRECTORY_ROLES: [
      `${groupDn('devs')}=${NS_DEV}:member`,
      // Spelled in another case and spacing than the directory answers: still the same group.
      ` ${groupDn('ops').toUpperCase().replace(/,/g, ', ')} = ${NS_OPS}:manager `,
      `${groupDn('root')}=*:super`,
    ].join(';'),
    ...extra,
  };
}

const login = (app: TestApp, account: string, password: string) =>
  app.call<{ token: string; namespaceList: { namespaceName: string; roleId: number }[] }>(
    'POST',
    '/user/login',
    { body: { account, password } },
  );

const userOf = (app: TestApp, account: string) =>
  app.db.selectFrom('user').selectAll().where('account', '=', account).executeTakeFirst();

async function membershipsOf(app: TestApp, account: string) {
  const rows = await app.db
    .selectFrom('namespace_user')
    .innerJoin('namespace', 'namespace.id', 'namespace_user.namespace_id')
    .innerJoin('user', 'user.id', 'namespace_user.user_id')
    .leftJoin('role', 'role.id', 'namespace_user.role_id')
    .select(['namespace.name as ns', 'role.name as role', 'namespace_user.origin'])
    .where('user.account', '=', account)
    .orderBy('namespace.name')
    .execute();
  return rows.map((r) => `${r.ns}:${r.role ?? ''}:${r.origin}`);
}

beforeAll(async () => {
  slapd = await sharedSlapd();
  await slapd.modify(
    [
      person('alice', 'Alice Liddell'),
      person('bob', 'Bob Nogroup'),
      person('carol', 'Carol Off'),
      person('dave', 'Dave Locked'),
      person('root', 'Rooty Super'),
      person('erin', 'Erin Leaver'),
      person('frank', 'Frank Mover'),
      person('gina', 'Gina Outage'),
      group('devs', ['alice', 'carol', 'dave', 'erin', 'frank', 'gina']),
      group('ops', ['alice', 'frank']),
      group('other', ['bob']),
      group('root', ['root']),
    ].join('\n'),
  );
  base = await buildTestApp();
  const now = Date.now();
  await base.db
    .insertInto('namespace')
    .values([NS_DEV, NS_OPS, NS_HAND].map((name) => ({ name, insert_time: now, update_time: now })))
    .execute();
  t = await buildTestApp(ldapEnv(), { logger }, base);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await base?.close();
});

describe('sign-in with LDAP', () => {
  it('creates a member of a mapped group at first sign-in with the mapped namespaces and roles', async () => {
    const r = await login(t, acct('alice'), PASSWORD);
    expect(r.code).toBe(0);
    expect(r.data.namespaceList.map((n) => n.namespaceName).sort()).toEqual([NS_DEV, NS_OPS]);
    const user = await userOf(t, acct('alice'));
    expect(user).toMatchObject({ name: 'Alice Liddell', super_manager: 0, state: 1 });
    expect(await membershipsOf(t, acct('alice'))).toEqual([
      `${NS_DEV}:member:ldap`,
      `${NS_OPS}:manager:ldap`,
    ]);
    // No local password: signing in with it once LDAP is off would not work either.
    expect(user?.password).toBe('');
    const info = await t.call<{ userInfo: { account: string } }>('GET', '/user/info', {
      token: r.data.token,
    });
    expect(info.data.userInfo.account).toBe(acct('alice'));
  });

  it('signs the same member in whatever the case of the account typed', async () => {
    const r = await login(t, acct('alice').toUpperCase(), PASSWORD);
    expect(r.code).toBe(0);
    const same = await t.db
      .selectFrom('user')
      .select('account')
      .where('name', '=', 'Alice Liddell')
      .execute();
    expect(same).toEqual([{ account: acct('alice') }]);
  });

  it('never signs the first super manager in through a directory entry of the same name', async () => {
    // Shared by the worker's files: added once.
    await slapd
      .modify(person('admin', 'Directory Admin').replace(/admin[0-9a-f]{8}/g, 'admin'))
      .catch(() => undefined);
    const r = await login(t, 'ADMIN', PASSWORD);
    expect(r).toMatchObject({ code: 1, message: 'Invalid account or password' });
    expect(await userOf(t, 'ADMIN')).toBeUndefined();
    const row = await t.db
      .selectFrom('login_log')
      .select('reason')
      .where('account', '=', 'ADMIN')
      .executeTakeFirstOrThrow();
    expect(row.reason).toMatch(/first super manager signs in with the local password/);
  });

  it('refuses a wrong password and an empty one, and says ldap is on', async () => {
    const wrong = await login(t, acct('carol'), 'not-her-password');
    expect(wrong).toMatchObject({ code: 1, message: 'Invalid account or password' });
    const empty = await login(t, acct('carol'), '');
    expect(empty.code).not.toBe(0);
    expect(await userOf(t, acct('carol'))).toBeUndefined();
    const config = await t.call<{ ldap: { enabled: boolean } }>('GET', '/user/getConfig');
    expect(config.data.ldap.enabled).toBe(true);
    const off = await base.call<{ ldap: { enabled: boolean } }>('GET', '/user/getConfig');
    expect(off.data.ldap.enabled).toBe(false);
  });

  it('refuses a member of no mapped group, says why, and creates nobody', async () => {
    const r = await login(t, acct('bob'), PASSWORD);
    expect(r).toMatchObject({ code: 2, reason: 'no_mapped_group' });
    expect(r.message).toMatch(/directory groups/);
    expect(await userOf(t, acct('bob'))).toBeUndefined();
  });

  it('finds nobody for accounts that are filter syntax, without an error', async () => {
    const accounts = ['*', 'a*)(uid=*', 'admin)(|(uid=*', `${acct('alice')})(uid=*`, '\\2a'];
    for (const account of accounts) {
      const r = await login(t, account, PASSWORD);
      expect(r, account).toMatchObject({ code: 1, message: 'Invalid account or password' });
    }
    // Spliced into the filter, these would match one entry (and sign in) or several.
    const logs = await t.db
      .selectFrom('login_log')
      .select(['account', 'reason', 'provider'])
      .where('account', 'in', accounts)
      .execute();
    expect(logs).toHaveLength(accounts.length);
    for (const row of logs) {
      expect(row).toMatchObject({
        reason: 'Invalid account or password (ldap: no entry)',
        provider: 'ldap',
      });
    }
  });

  it('refuses a user disabled in Ferry although the directory knows the password', async () => {
    expect((await login(t, acct('carol'), PASSWORD)).code).toBe(0);
    await t.db.updateTable('user').set({ state: 0 }).where('account', '=', acct('carol')).execute();
    const r = await login(t, acct('carol'), PASSWORD);
    expect(r).toMatchObject({ code: 10000, reason: 'account_disabled' });
  });

  it('locks an account after five wrong directory passwords, as with local ones', async () => {
    for (let i = 0; i < 4; i++) expect((await login(t, acct('dave'), 'wrong')).code).toBe(1);
    expect(await login(t, acct('dave'), 'wrong')).toMatchObject({ reason: 'account_locked' });
    expect(await login(t, acct('dave'), PASSWORD)).toMatchObject({ reason: 'account_locked' });
  });

  it('removes a membership whose group the directory removed, and keeps one given by hand', async () => {
    const first = await login(t, acct('alice'), PASSWORD);
    expect(first.code).toBe(0);
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const user = await userOf(t, acct('alice'));
    const hand = await t.db
      .selectFrom('namespace')
      .select('id')
      .where('name', '=', NS_HAND)
      .executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('role')
      .select('id')
      .where('name', '=', 'member')
      .executeTakeFirstOrThrow();
    const added = await t.call('POST', '/namespace/addUser', {
      token: admin,
      ns: 1,
      body: { namespaceId: hand.id, userIds: [user?.id], roleId: role.id },
    });
    expect(added.code).toBe(0);
    await slapd.modify(`dn: ${groupDn('ops')}
changetype: modify
delete: member
member: ${personDn('alice')}
-
add: member
member: ${personDn('dave')}
`);
    const again = await login(t, acct('alice'), PASSWORD);
    expect(again.code).toBe(0);
    expect(await membershipsOf(t, acct('alice'))).toEqual([
      `${NS_DEV}:member:ldap`,
      `${NS_HAND}:member:`,
    ]);
  });

  it('makes a member super manager only through an explicit *:super mapping', async () => {
    const r = await login(t, acct('root'), PASSWORD);
    expect(r.code).toBe(0);
    expect(await userOf(t, acct('root'))).toMatchObject({
      super_manager: 1,
      super_manager_origin: 'ldap',
    });
    expect(r.data.namespaceList.length).toBeGreaterThanOrEqual(4);
  });

  it('records the provider and the reason of each attempt in the login log', async () => {
    const rows = await t.db
      .selectFrom('login_log')
      .select(['account', 'reason', 'provider'])
      .where('account', 'in', [acct('carol'), acct('bob'), 'admin'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          account: acct('carol'),
          reason: 'Invalid account or password (ldap: wrong password)',
          provider: 'ldap',
        },
        {
          account: acct('bob'),
          reason: expect.stringMatching(/^None of your directory groups/),
          provider: 'ldap',
        },
        { account: acct('carol'), reason: 'Account is disabled', provider: 'ldap' },
        { account: 'admin', reason: '', provider: 'local' },
      ]),
    );
  });

  it('never shows the bind password or a member password in answers, logs or the operation log', async () => {
    // What went back over the wire: the body and the headers.
    const answers = [
      await t.call('GET', '/user/getConfig'),
      await login(t, acct('alice'), PASSWORD),
      await login(t, acct('alice'), 'wrong'),
    ]
      .map((r) => r.res.body + JSON.stringify(r.res.headers))
      .join('\n');
    const tables = JSON.stringify([
      await t.db.selectFrom('login_log').selectAll().execute(),
      await t.db.selectFrom('operation_log').selectAll().execute(),
      await t.db.selectFrom('user').selectAll().execute(),
    ]);
    for (const text of [answers, tables, logged.join('\n')]) {
      expect(text).not.toContain(slapd.servicePassword);
      expect(text).not.toContain(PASSWORD);
    }
    expect(logged.length).toBeGreaterThan(0);
  });
});

describe('FERRY_DIRECTORY_ROLES at start', () => {
  it('stops the console when a mapping names a namespace or role that does not exist', async () => {
    const env = ldapEnv({
      FERRY_DIRECTORY_ROLES: `cn=x=${NS_DEV}:member;cn=y=nowhere-${sfx}:member`,
    });
    await expect(buildTestApp(env, {}, base)).rejects.toThrow(ConfigError);
    await expect(buildTestApp(env, {}, base)).rejects.toThrow(
      `FERRY_DIRECTORY_ROLES names what does not exist: "cn=y=nowhere-${sfx}:member" (no namespace nowhere-${sfx})`,
    );
  });
});

describe('sessions of directory members', () => {
  const RECHECK_MS = 5 * 60_000;
  const info = (app: TestApp, token: string) => app.call('GET', '/user/info', { token });
  const sessionsOf = async (account: string) =>
    (
      await t.db
        .selectFrom('session')
        .innerJoin('user', 'user.id', 'session.user_id')
        .select('session.provider')
        .where('user.account', '=', account)
        .execute()
    ).map((r) => r.provider);

  it('ends the sessions of a member the directory no longer has, at the first request after the check interval', async () => {
    const first = await login(t, acct('erin'), PASSWORD);
    const second = await login(t, acct('erin'), PASSWORD);
    expect(await sessionsOf(acct('erin'))).toEqual(['ldap', 'ldap']);
    await slapd.modify(`dn: ${personDn('erin')}\nchangetype: delete\n`);
    // Within the interval the directory is not asked again.
    t.clock.advance(RECHECK_MS - 1_000);
    expect((await info(t, first.data.token)).code).toBe(0);
    t.clock.advance(2_000);
    const ended = await info(t, first.data.token);
    expect(ended).toMatchObject({ code: 10086, reason: 'directory_refused' });
    expect(await sessionsOf(acct('erin'))).toEqual([]);
    expect((await info(t, second.data.token)).code).toBe(10086);
    expect(await login(t, acct('erin'), PASSWORD)).toMatchObject({ code: 1 });
    const row = await t.db
      .selectFrom('login_log')
      .select(['reason', 'provider'])
      .where('account', '=', acct('erin'))
      .where('reason', 'like', 'Sessions ended%')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      reason: 'Sessions ended: the directory no longer has the account',
      provider: 'ldap',
    });
  });

  it('brings memberships in line at the check, and ends the sessions once no group gives a namespace', async () => {
    const r = await login(t, acct('frank'), PASSWORD);
    expect(await membershipsOf(t, acct('frank'))).toEqual([
      `${NS_DEV}:member:ldap`,
      `${NS_OPS}:manager:ldap`,
    ]);
    await slapd.modify(`dn: ${groupDn('ops')}
changetype: modify
delete: member
member: ${personDn('frank')}
`);
    t.clock.advance(RECHECK_MS);
    expect((await info(t, r.data.token)).code).toBe(0);
    expect(await membershipsOf(t, acct('frank'))).toEqual([`${NS_DEV}:member:ldap`]);
    // Checked just now: the next request does not ask the directory.
    await slapd.modify(`dn: ${groupDn('devs')}
changetype: modify
delete: member
member: ${personDn('frank')}
`);
    const between = await info(t, r.data.token);
    expect(between.code, `${between.message} ${between.reason}`).toBe(0);
    t.clock.advance(RECHECK_MS);
    expect(await info(t, r.data.token)).toMatchObject({ code: 10086, reason: 'directory_refused' });
    expect(await sessionsOf(acct('frank'))).toEqual([]);
  });

  it('keeps the session of a member while the directory cannot be reached, and checks again later', async () => {
    const r = await login(t, acct('gina'), PASSWORD);
    const dead = await buildTestApp(
      ldapEnv({ FERRY_LDAP_URL: `ldap://127.0.0.1:${await freePort()}` }),
      { logger },
      base,
    );
    try {
      t.clock.advance(RECHECK_MS);
      expect((await info(dead, r.data.token)).code).toBe(0);
      expect(logged.join('\n')).toMatch(/the directory could not check gina\w+ again/);
    } finally {
      await dead.close();
    }
    // The failed check counts as one: the next is an interval later.
    await slapd.modify(`dn: ${personDn('gina')}\nchangetype: delete\n`);
    expect((await info(t, r.data.token)).code).toBe(0);
    t.clock.advance(RECHECK_MS);
    expect((await info(t, r.data.token)).code).toBe(10086);
  });

  it("never checks a local session again, such as the first super manager's", async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    t.clock.advance(RECHECK_MS * 3);
    expect((await info(t, token)).code).toBe(0);
    expect(
      (
        await t.db
          .selectFrom('session')
          .select(['provider', 'checked_time'])
          .where('user_id', '=', 1)
          .execute()
      ).every((s) => s.provider === 'local'),
    ).toBe(true);
  });
});

describe('sign-in with LDAP when the directory is down', () => {
  it('lets the first super manager in with the local password and refuses members', async () => {
    const dead = await buildTestApp(
      ldapEnv({ FERRY_LDAP_URL: `ldap://127.0.0.1:${await freePort()}` }),
      {},
      base,
    );
    try {
      expect((await login(dead, 'admin', ADMIN_PASSWORD)).code).toBe(0);
      const r = await login(dead, acct('alice'), PASSWORD);
      expect(r).toMatchObject({ code: 2, reason: 'directory_unavailable' });
      const row = await dead.db
        .selectFrom('login_log')
        .select(['reason', 'provider'])
        .where('account', '=', acct('alice'))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.provider).toBe('ldap');
      expect(row.reason).toMatch(/directory cannot be reached.*ECONNREFUSED/);
    } finally {
      await dead.close();
    }
  });
});

describe('sign-in with LDAP over TLS with a private CA', () => {
  const variants = (): { name: string; env: Record<string, string> }[] => [
    { name: 'StartTLS', env: { FERRY_LDAP_STARTTLS: 'true' } },
    { name: 'LDAPS', env: { FERRY_LDAP_URL: slapd.ldapsUrl } },
  ];

  it('signs in over StartTLS and LDAPS trusting the CA file, and refuses without it', async () => {
    for (const v of variants()) {
      const trusting = await buildTestApp(
        ldapEnv({ ...v.env, FERRY_LDAP_CA_FILE: slapd.caFile }),
        {},
        base,
      );
      const untrusting = await buildTestApp(ldapEnv(v.env), {}, base);
      try {
        expect((await login(trusting, acct('alice'), PASSWORD)).code, v.name).toBe(0);
        expect(await login(untrusting, acct('alice'), PASSWORD), v.name).toMatchObject({
          reason: 'directory_unavailable',
        });
      } finally {
        await untrusting.close();
        await trusting.close();
      }
    }
  });
});
