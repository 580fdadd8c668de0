import crypto, { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { capturedLog } from '../../../test/captured-log.js';
import { setCookieLines, setCookieValue } from '../../../test/set-cookie.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import {
  OIDC_CLIENT,
  OTHER_CLIENT,
  signInAt,
  startOidcProvider,
  type OidcTestProvider,
} from '../../../test/oidc-provider.js';
import { freePort } from '../../../test/sshd-fleet.js';
import { ConfigError, loadConfig } from '../../config.js';

/** The console's log lines, to look for secrets in. */
const { lines: logged, logger } = capturedLog();

const PUBLIC_URL = 'http://127.0.0.1:18080';
const CALLBACK = `${PUBLIC_URL}/user/oidcCallback`;
const sfx = crypto.randomBytes(3).toString('hex');
const NS = `oidc-${sfx}`;
const WEB_GROUP = `web-${sfx}`;
const OPS_GROUP = `ops-${sfx}`;
const ROLES = `${WEB_GROUP}=${NS}:member;${OPS_GROUP}=${NS}:manager`;
let provider: OidcTestProvider;
let base: TestApp;
let t: TestApp;
let admin: Actor;
let nsId = 0;

/** A member of the provider, by login, with this file's suffix. */
function member(login: string, groups: string[], extra: object = {}) {
  const account = `${login}${sfx}`;
  provider.members.set(account, {
    preferred_username: account,
    name: `${login} OIDC`,
    groups,
    ...extra,
  });
  return account;
}

const oidcCookie = (res: { headers: Record<string, unknown> }) => setCookieValue(res, 'ferry_oidc');

/** Starts a sign-in as the login page does: the provider's address and the browser's cookie. */
async function start(app: TestApp = t) {
  const r = await app.call<{ url: string }>('GET', '/user/getOidcLoginUrl');
  expect(r.code, r.message).toBe(0);
  return { url: r.data.url, cookie: oidcCookie(r.res) ?? '', res: r.res };
}

/** The callback as the provider's redirect reaches it: the login page's address it answers. */
async function callback(query: string, app: TestApp = t) {
  const res = await app.fastify.inject({ method: 'GET', url: `/user/oidcCallback?${query}` });
  expect(res.statusCode).toBe(303);
  const location = String(res.headers.location);
  expect(location.startsWith('/login#oidc=')).toBe(true);
  return decodeURIComponent(location.slice('/login#oidc='.length));
}

function oidcLogin(answer: string, cookie: string | undefined, app: TestApp = t) {
  return app.call<{ token: string; namespaceList: { namespaceId: number; roleId: number }[] }>(
    'POST',
    '/user/oidcLogin',
    {
      body: { callback: answer },
      ...(cookie === undefined ? {} : { headers: { cookie: `ferry_oidc=${cookie}` } }),
    },
  );
}

/** A whole sign-in of `login`: start, the provider's pages, the callback, the login page's call. */
async function signIn(login: string) {
  const s = await start();
  const back = await signInAt(s.url, CALLBACK, login);
  const answer = await callback(new URL(back).search.slice(1));
  return { ...(await oidcLogin(answer, s.cookie)), answer, cookie: s.cookie };
}

const lastLoginLog = () =>
  t.db
    .selectFrom('login_log')
    .select(['account', 'reason', 'provider'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const userOf = (account: string) =>
  t.db.selectFrom('user').selectAll().where('account', '=', account).executeTakeFirst();

beforeAll(async () => {
  provider = await startOidcProvider(CALLBACK);
  base = await buildTestApp();
  const now = Date.now();
  await base.db
    .insertInto('namespace')
    .values({ name: NS, insert_time: now, update_time: now })
    .execute();
  nsId = (
    await base.db
      .selectFrom('namespace')
      .select('id')
      .where('name', '=', NS)
      .executeTakeFirstOrThrow()
  ).id;
  t = await buildTestApp(
    {
      ...provider.env({ FERRY_OIDC_NAME: 'Test ID' }),
      FERRY_PUBLIC_URL: PUBLIC_URL,
      FERRY_DIRECTORY_ROLES: ROLES,
    },
    { logger },
    base,
  );
  admin = await adminOf(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await base?.close();
  await provider?.close();
});

describe('OpenID Connect sign-in', () => {
  it('tells the login page it is on, with its label', async () => {
    const config = await t.call<{ oidc: { enabled: boolean; label: string } }>(
      'GET',
      '/user/getConfig',
    );
    expect(config.data.oidc).toEqual({ enabled: true, label: 'Test ID' });
    const off = await base.call<{ oidc: unknown }>('GET', '/user/getConfig');
    expect(off.data.oidc).toEqual({ enabled: false, label: '' });
    expect((await base.call('GET', '/user/getOidcLoginUrl')).reason).toBe('oidc_disabled');
    // The settings page says the mappings are read.
    const mappings = await t.call<{ ldapEnabled: boolean; oidcEnabled: boolean }>(
      'GET',
      '/system/getDirectoryMappings',
      { token: admin.token, ns: 1 },
    );
    expect(mappings.data).toMatchObject({ ldapEnabled: false, oidcEnabled: true });
  });

  it('sends the browser to the provider with PKCE, state and nonce, bound to it by a cookie', async () => {
    const s = await start();
    const url = new URL(s.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('client_id')).toBe(OIDC_CLIENT.id);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('openid profile email groups');
    // The cookie is sealed: it holds the verifier, which never leaves the console in clear.
    expect(s.cookie).toMatch(/^v1:/);
    const cookieLine = setCookieLines(s.res).find((c) => c.startsWith('ferry_oidc='));
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/Path=\/user/);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
  });

  it('creates a member with a mapped group at first sign-in, with the memberships the groups give', async () => {
    const account = member('alice', [WEB_GROUP, 'lunch']);
    const r = await signIn(account);
    expect(r.code, r.message).toBe(0);
    expect(r.data.namespaceList).toEqual([expect.objectContaining({ namespaceId: nsId })]);
    const user = await userOf(account);
    expect(user).toMatchObject({ name: 'alice OIDC', state: 1, super_manager: 0 });
    expect(user?.oidc_subject).toBe(`${provider.issuer} ${account}`);
    expect(await lastLoginLog()).toEqual({ account, reason: '', provider: 'oidc' });
    // The session works as any other.
    const info = await t.call('GET', '/user/info', { token: r.data.token, ns: nsId });
    expect(info.code, info.message).toBe(0);
    const session = await t.db
      .selectFrom('session')
      .select('provider')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.provider).toBe('oidc');
  });

  it('brings the memberships in line with the groups at each sign-in, leaving those given by hand', async () => {
    const account = member('bob', [OPS_GROUP]);
    expect((await signIn(account)).code).toBe(0);
    const roleOf = async () =>
      t.db
        .selectFrom('namespace_user')
        .innerJoin('role', 'role.id', 'namespace_user.role_id')
        .select(['namespace_user.namespace_id', 'role.name', 'namespace_user.origin'])
        .where('namespace_user.user_id', '=', (await userOf(account))!.id)
        .orderBy('namespace_user.namespace_id')
        .execute();
    expect(await roleOf()).toEqual([{ namespace_id: nsId, name: 'manager', origin: 'oidc' }]);
    // Given by hand in the default namespace: stays.
    const userId = (await userOf(account))!.id;
    const memberRole = await t.db
      .selectFrom('role')
      .select('id')
      .where('name', '=', 'member')
      .executeTakeFirstOrThrow();
    const joined = await t.call('POST', '/namespace/addUser', {
      token: admin.token,
      ns: 1,
      body: { namespaceId: 1, userIds: [userId], roleId: memberRole.id },
    });
    expect(joined.code, joined.message).toBe(0);
    provider.members.set(account, { ...provider.members.get(account), groups: [WEB_GROUP] });
    expect((await signIn(account)).code).toBe(0);
    expect(await roleOf()).toEqual([
      { namespace_id: 1, name: 'member', origin: '' },
      { namespace_id: nsId, name: 'member', origin: 'oidc' },
    ]);
    provider.members.set(account, { ...provider.members.get(account), groups: [] });
    expect((await signIn(account)).code).toBe(0);
    expect(await roleOf()).toEqual([{ namespace_id: 1, name: 'member', origin: '' }]);
  });

  it('refuses a member none of whose groups is mapped, creating nothing', async () => {
    const account = member('carol', ['lunch']);
    const r = await signIn(account);
    expect(r).toMatchObject({ code: 2, reason: 'no_mapped_group' });
    expect(await userOf(account)).toBeUndefined();
    expect(await lastLoginLog()).toMatchObject({ account, provider: 'oidc' });
  });

  it('refuses a member disabled in Ferry, and the first super manager whatever the provider says', async () => {
    const account = member('dave', [WEB_GROUP]);
    expect((await signIn(account)).code).toBe(0);
    await t.db.updateTable('user').set({ state: 0 }).where('account', '=', account).execute();
    expect(await signIn(account)).toMatchObject({ reason: 'account_disabled' });
    provider.members.set('admin', { preferred_username: 'admin', groups: [OPS_GROUP] });
    expect(await signIn('admin')).toMatchObject({ code: 2, reason: 'local_only' });
  });

  it('keeps a user to the subject of their first sign-in: a renamed account at the provider cannot take it', async () => {
    const account = member('erin', [WEB_GROUP]);
    expect((await signIn(account)).code).toBe(0);
    // Another member of the provider now calls themself erin.
    const other = `mallory${sfx}`;
    provider.members.set(other, { preferred_username: account, groups: [WEB_GROUP] });
    const r = await signIn(other);
    expect(r).toMatchObject({ code: 2, reason: 'oidc_subject_mismatch' });
    expect(await lastLoginLog()).toMatchObject({ account, provider: 'oidc' });
  });

  it('refuses an answer without an account claim, naming the claim in the login log only', async () => {
    provider.members.set(`nameless${sfx}`, { name: 'No Name', groups: [WEB_GROUP] });
    const r = await signIn(`nameless${sfx}`);
    expect(r).toMatchObject({ code: 2, reason: 'oidc_no_account' });
    expect((await lastLoginLog()).reason).toContain('no preferred_username claim');
  });
});

describe('OpenID Connect sign-in: what is refused', () => {
  it('refuses an answer in a browser that did not start the sign-in, or with another sign-in state', async () => {
    const account = member('frank', [WEB_GROUP]);
    const s = await start();
    const back = await signInAt(s.url, CALLBACK, account);
    const answer = await callback(new URL(back).search.slice(1));
    expect(await oidcLogin(answer, undefined)).toMatchObject({ reason: 'oidc_state_mismatch' });
    const other = await start();
    expect(await oidcLogin(answer, other.cookie)).toMatchObject({ reason: 'oidc_state_mismatch' });
    // A cookie this console did not seal.
    expect(
      await oidcLogin(answer, 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:AAAA'),
    ).toMatchObject({
      reason: 'oidc_state_mismatch',
    });
    expect(await userOf(account)).toBeUndefined();
    // The right browser still finishes it.
    expect((await oidcLogin(answer, s.cookie)).code).toBe(0);
  });

  it('finishes a sign-in once, on whichever console', async () => {
    const account = member('gina', [WEB_GROUP]);
    const first = await signIn(account);
    expect(first.code).toBe(0);
    const again = await oidcLogin(first.answer, first.cookie);
    expect(again).toMatchObject({ code: 2, reason: 'oidc_state_reused' });
  });

  it('refuses a sign-in that took more than ten minutes', async () => {
    const account = member('hank', [WEB_GROUP]);
    const s = await start();
    const back = await signInAt(s.url, CALLBACK, account);
    const answer = await callback(new URL(back).search.slice(1));
    t.clock.advance(11 * 60_000);
    expect(await oidcLogin(answer, s.cookie)).toMatchObject({ reason: 'oidc_state_mismatch' });
  });

  it('refuses a code issued to another client of the provider', async () => {
    const account = member('ivan', [WEB_GROUP]);
    const s = await start();
    const forOther = new URL(s.url);
    forOther.searchParams.set('client_id', OTHER_CLIENT.id);
    const back = await signInAt(forOther.href, CALLBACK, account);
    const answer = await callback(new URL(back).search.slice(1));
    const r = await oidcLogin(answer, s.cookie);
    expect(r).toMatchObject({ code: 2, reason: 'oidc_provider_refused' });
    expect((await lastLoginLog()).reason).toMatch(/invalid_grant/);
    expect(await userOf(account)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const account = member('nora', [WEB_GROUP]);
    const s = await start();
    const other = new URL(s.url);
    other.searchParams.set('nonce', 'a-nonce-this-console-never-sent');
    const back = await signInAt(other.href, CALLBACK, account);
    const r = await oidcLogin(await callback(new URL(back).search.slice(1)), s.cookie);
    expect(r).toMatchObject({ code: 2, reason: 'oidc_provider_refused' });
    expect((await lastLoginLog()).reason).toMatch(/nonce/);
    expect(await userOf(account)).toBeUndefined();
  });

  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['for another audience', (id: string) => provider.forgeIdToken(id, { aud: OTHER_CLIENT.id })],
    [
      'expired',
      (id: string) => provider.forgeIdToken(id, { exp: now() - 3600, iat: now() - 7200 }),
    ],
    ['unsigned (alg: none)', (id: string) => provider.forgeIdToken(id, {}, 'unsigned')],
    ['signed with another key', (id: string) => provider.forgeIdToken(id, {}, otherKey)],
    [
      'from another issuer',
      (id: string) => provider.forgeIdToken(id, { iss: 'http://127.0.0.1:9' }),
    ],
  ])('refuses an ID token %s, creating nobody', async (_what, forge) => {
    const account = member(`t${crypto.randomBytes(2).toString('hex')}`, [WEB_GROUP]);
    const s = await start();
    const back = await signInAt(s.url, CALLBACK, account);
    const answer = await callback(new URL(back).search.slice(1));
    provider.tamperNextIdToken(forge);
    const r = await oidcLogin(answer, s.cookie);
    expect(r).toMatchObject({ code: 2, reason: 'oidc_provider_refused' });
    expect(await userOf(account)).toBeUndefined();
    expect(await lastLoginLog()).toMatchObject({ provider: 'oidc' });
  });

  it('sends the provider back to its own callback whatever the request names, and passes the answer to its own page', async () => {
    const r = await t.call<{ url: string }>('GET', '/user/getOidcLoginUrl', {
      query: { redirect_uri: 'https://evil.example/steal', redirectUri: 'https://evil.example/' },
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        origin: 'https://evil.example',
      },
    });
    expect(new URL(r.data.url).searchParams.get('redirect_uri')).toBe(CALLBACK);
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/user/oidcCallback?code=c&state=s',
      headers: { host: 'evil.example' },
    });
    expect(res.headers.location).toBe(`/login#oidc=${encodeURIComponent('code=c&state=s')}`);
  });

  it('says a sign-in cancelled at the provider was cancelled', async () => {
    const s = await start();
    const state = new URL(s.url).searchParams.get('state') ?? '';
    const answer = await callback(
      `error=access_denied&error_description=End-User+aborted&state=${state}`,
    );
    const r = await oidcLogin(answer, s.cookie);
    expect(r).toMatchObject({ code: 2, reason: 'oidc_provider_refused' });
    expect(r.message).toMatch(/cancelled/);
    expect((await lastLoginLog()).reason).toContain('access_denied: End-User aborted');
  });

  it('keeps the client secret and the codes out of every answer and log', async () => {
    const account = member('judy', [WEB_GROUP]);
    const r = await signIn(account);
    expect(r.code).toBe(0);
    const code = new URLSearchParams(r.answer).get('code') ?? '';
    expect(code.length).toBeGreaterThan(10);
    const text = logged.join('\n');
    expect(text).toContain('/user/oidcCallback?code=***');
    for (const secret of [OIDC_CLIENT.secret, code]) {
      expect(text).not.toContain(secret);
      const tables = await Promise.all(
        (['login_log', 'operation_log', 'session'] as const).map((table) =>
          t.db.selectFrom(table).selectAll().execute(),
        ),
      );
      expect(JSON.stringify(tables)).not.toContain(secret);
    }
  });
});

describe('an OpenID provider that does not answer at the start', () => {
  it('does not stop the console, and sign-in works as soon as it answers', async () => {
    const port = await freePort();
    const late = `http://127.0.0.1:${port}`;
    const app = await buildTestApp(
      {
        FERRY_OIDC_ISSUER: late,
        FERRY_OIDC_CLIENT_ID: OIDC_CLIENT.id,
        FERRY_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        FERRY_OIDC_SCOPES: 'openid profile email groups',
        FERRY_PUBLIC_URL: PUBLIC_URL,
        // The same as the other console's: each start brings the table in line with it.
        FERRY_DIRECTORY_ROLES: ROLES,
      },
      {},
      base,
    );
    try {
      const config = await app.call<{ oidc: { enabled: boolean } }>('GET', '/user/getConfig');
      expect(config.data.oidc.enabled).toBe(true);
      expect(await app.call('GET', '/user/getOidcLoginUrl')).toMatchObject({
        code: 2,
        reason: 'oidc_provider_unavailable',
      });
      const second = await startOidcProvider(CALLBACK, port);
      try {
        const account = `kate${sfx}`;
        second.members.set(account, { preferred_username: account, groups: [WEB_GROUP] });
        const s = await start(app);
        const back = await signInAt(s.url, CALLBACK, account);
        const answer = await callback(new URL(back).search.slice(1), app);
        const late = await oidcLogin(answer, s.cookie, app);
        expect(late.code, late.message).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe('the OpenID Connect settings', () => {
  const env = {
    FERRY_OIDC_ISSUER: 'https://id.example.com',
    FERRY_OIDC_CLIENT_ID: 'c',
    FERRY_OIDC_CLIENT_SECRET: 's',
  };
  it('needs the client and the public address, and an https issuer off loopback', () => {
    expect(() => loadConfig({ ...env })).toThrow(
      /FERRY_PUBLIC_URL is needed when FERRY_OIDC_ISSUER is set/,
    );
    expect(() =>
      loadConfig({ ...env, FERRY_PUBLIC_URL: PUBLIC_URL, FERRY_OIDC_CLIENT_SECRET: '' }),
    ).toThrow(/FERRY_OIDC_CLIENT_SECRET is needed/);
    expect(() =>
      loadConfig({
        ...env,
        FERRY_PUBLIC_URL: PUBLIC_URL,
        FERRY_OIDC_ISSUER: 'http://id.example.com',
      }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ FERRY_OIDC_CLIENT_ID: 'c' })).toThrow(/FERRY_OIDC_ISSUER is needed/);
    expect(() =>
      loadConfig({ ...env, FERRY_PUBLIC_URL: PUBLIC_URL, FERRY_OIDC_GROUPS_CLAIM: 'a b' }),
    ).toThrow(/FERRY_OIDC_GROUPS_CLAIM must be a claim name/);
    const ok = loadConfig({
      ...env,
      FERRY_PUBLIC_URL: `${PUBLIC_URL}/`,
      FERRY_OIDC_SCOPES: 'profile',
    }).oidc;
    expect(ok).toMatchObject({
      redirectUri: CALLBACK,
      scopes: ['openid', 'profile'],
      groupsClaim: 'groups',
      accountClaim: 'preferred_username',
      label: '',
    });
  });
});
