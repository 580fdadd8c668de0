import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../../../test/captured-log.js';
import { setCookieLines, setCookieValue } from '../../../test/set-cookie.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import {
  DINGTALK_APP,
  FEISHU_APP,
  startMediaStandIns,
  type MediaStandIns,
} from '../../../test/media-stand-ins.js';
import { freePort } from '../../../test/sshd-fleet.js';
import { ConfigError } from '../../config.js';

/** The console's log lines, to look for secrets in. */
const { lines: logged, logger } = capturedLog();

const sfx = crypto.randomBytes(3).toString('hex');
let stand: MediaStandIns;
let off: TestApp;
let t: TestApp;
let admin: Actor;
let serial = 0;

/** A fresh mobile number of this file's own. */
function mobile(end = ''): string {
  serial += 1;
  const digits = `139${String(Date.now() % 1e5).padStart(5, '0')}${String(serial).padStart(3, '0')}`;
  return end ? digits.slice(0, 11 - end.length) + end : digits;
}

/** A member with `contact`, in the default namespace. */
async function addMember(name: string, contact: string): Promise<number> {
  const add = await t.call<{ id: number }>('POST', '/user/add', {
    token: admin.token,
    ns: 1,
    body: { account: `${name}${sfx}`, password: 'Initial123!', name, contact },
  });
  expect(add.code, add.message).toBe(0);
  const role = await t.db
    .selectFrom('role')
    .select('id')
    .where('name', '=', 'member')
    .executeTakeFirstOrThrow();
  const joined = await t.call('POST', '/namespace/addUser', {
    token: admin.token,
    ns: 1,
    body: { namespaceId: 1, userIds: [add.data.id], roleId: role.id },
  });
  expect(joined.code, joined.message).toBe(0);
  return add.data.id;
}

const stateCookie = (res: { headers: Record<string, unknown> }) =>
  setCookieValue(res, 'ferry_media_state');

/** Starts a sign-in as the login page does: the addresses, and the browser's state cookie. */
async function start(app: TestApp = t) {
  const r = await app.call<{ dingtalk: string; feishu: string }>('GET', '/user/getMediaLoginUrl', {
    query: { redirectUri: 'http://localhost/login' },
  });
  expect(r.code, r.message).toBe(0);
  const nonce = stateCookie(r.res) ?? '';
  const stateOf = (url: string) => (url ? (new URL(url).searchParams.get('state') ?? '') : '');
  return {
    urls: r.data,
    nonce,
    dingtalk: stateOf(r.data.dingtalk),
    feishu: stateOf(r.data.feishu),
  };
}

function mediaLogin(
  body: { authCode: string; state: string; redirectUri?: string },
  nonce: string | undefined,
  app: TestApp = t,
) {
  return app.call<{ token: string; namespaceList: unknown[] }>('POST', '/user/mediaLogin', {
    body: { redirectUri: 'http://localhost/login', ...body },
    ...(nonce === undefined ? {} : { headers: { cookie: `ferry_media_state=${nonce}` } }),
  });
}

const lastLoginLog = () =>
  t.db
    .selectFrom('login_log')
    .select(['account', 'reason', 'provider'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  stand = await startMediaStandIns();
  off = await buildTestApp();
  t = await buildTestApp(stand.env(), { logger }, off);
  admin = await adminOf(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await off?.close();
  await stand?.close();
});

describe('DingTalk and Feishu sign-in addresses', () => {
  it('answers empty addresses and sets no cookie while both are off', async () => {
    const config = await off.call<{ mediaURL: { dingtalk: string; feishu: string } }>(
      'GET',
      '/user/getConfig',
    );
    expect(config.data.mediaURL).toEqual({ dingtalk: '', feishu: '' });
    expect(stateCookie(config.res)).toBeUndefined();
    const urls = await off.call('GET', '/user/getMediaLoginUrl');
    expect(urls.data).toEqual({ dingtalk: '', feishu: '' });
  });

  it("gives each provider's authorize address with this console's login page and a browser-bound state", async () => {
    const config = await t.call<{ mediaURL: { dingtalk: string; feishu: string } }>(
      'GET',
      '/user/getConfig',
    );
    const nonce = stateCookie(config.res);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const cookie = setCookieLines(config.res).join(';');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const ding = new URL(config.data.mediaURL.dingtalk);
    expect(`${ding.origin}${ding.pathname}`).toBe(`${stand.url}/oauth2/auth`);
    expect(Object.fromEntries(ding.searchParams)).toEqual({
      redirect_uri: 'http://localhost/login',
      response_type: 'code',
      client_id: DINGTALK_APP.key,
      scope: 'openid',
      prompt: 'consent',
      state: `dingtalk.${nonce}`,
    });
    const fei = new URL(config.data.mediaURL.feishu);
    expect(`${fei.origin}${fei.pathname}`).toBe(`${stand.url}/suite/passport/oauth/authorize`);
    expect(fei.searchParams.get('client_id')).toBe(FEISHU_APP.id);
    expect(fei.searchParams.get('state')).toBe(`feishu.${nonce}`);
    // The browser keeps its nonce while it lasts: a second tab's sign-in finishes too.
    const again = await t.call<{ dingtalk: string }>('GET', '/user/getMediaLoginUrl', {
      headers: { cookie: `ferry_media_state=${nonce}` },
    });
    expect(stateCookie(again.res)).toBeUndefined();
    expect(new URL(again.data.dingtalk).searchParams.get('state')).toBe(`dingtalk.${nonce}`);
  });

  it('refuses a redirect address that is not this console, naming the field', async () => {
    for (const redirectUri of [
      'https://evil.example/login',
      'http://localhost:81/login',
      'http://user:pw@localhost:80/login',
      'not an address',
    ]) {
      const r = await t.call('GET', '/user/getMediaLoginUrl', { query: { redirectUri } });
      expect(r, redirectUri).toMatchObject({ code: 10003 });
      expect(r.message).toMatch(/^redirectUri must be an address of this console/);
    }
  });

  it('uses FERRY_PUBLIC_URL as the console address when it is set', async () => {
    const pub = await buildTestApp(
      { ...stand.env(), FERRY_PUBLIC_URL: 'https://ferry.example.com/' },
      {},
      off,
    );
    try {
      const r = await pub.call<{ dingtalk: string }>('GET', '/user/getMediaLoginUrl');
      expect(new URL(r.data.dingtalk).searchParams.get('redirect_uri')).toBe(
        'https://ferry.example.com/login',
      );
      const other = await pub.call('GET', '/user/getMediaLoginUrl', {
        query: { redirectUri: 'http://localhost/login' },
      });
      expect(other.code).toBe(10003);
    } finally {
      await pub.close();
    }
  });
});

describe('sign-in with DingTalk', () => {
  it("signs in the member whose contact is the DingTalk account's mobile number", async () => {
    const number = mobile();
    await addMember('ding', number);
    const s = await start();
    const code = stand.codeFor('dingtalk', { mobile: number, name: 'Ding Member' });
    const r = await mediaLogin({ authCode: code, state: s.dingtalk }, s.nonce);
    expect(r.code, r.message).toBe(0);
    const info = await t.call<{ userInfo: { account: string } }>('GET', '/user/info', {
      token: r.data.token,
    });
    expect(info.data.userInfo.account).toBe(`ding${sfx}`);
    // The state is spent with the sign-in.
    expect(setCookieLines(r.res).join(';')).toMatch(/ferry_media_state=;/);
    expect(await lastLoginLog()).toEqual({
      account: `ding${sfx}`,
      reason: '',
      provider: 'dingtalk',
    });
    // The app's secret went to DingTalk's token endpoints only, in the body.
    const withSecret = stand.requests.filter((q) => q.body.includes(DINGTALK_APP.secret));
    expect(new Set(withSecret.map((q) => new URL(q.url, stand.url).pathname))).toEqual(
      new Set(['/v1.0/oauth2/userAccessToken', '/v1.0/oauth2/accessToken']),
    );
  });

  it('refuses a mobile number no member has, and a member outside the company, creating nobody', async () => {
    const users = await t.db.selectFrom('user').select('id').execute();
    const s = await start();
    const stranger = stand.codeFor('dingtalk', { mobile: mobile(), name: 'Stranger' });
    const none = await mediaLogin({ authCode: stranger, state: s.dingtalk }, s.nonce);
    expect(none).toMatchObject({ code: 2, reason: 'media_no_member' });
    expect(none.message).toMatch(/No member has the mobile number of your DingTalk account/);
    expect((await lastLoginLog()).reason).toMatch(
      /dingtalk: 0 members with the mobile number 139\*{4}\d{4}/,
    );

    const number = mobile();
    await addMember('outsider', number);
    const code = stand.codeFor('dingtalk', { mobile: number, name: 'Outsider', inCompany: false });
    const outside = await mediaLogin({ authCode: code, state: s.dingtalk }, s.nonce);
    expect(outside).toMatchObject({ code: 2, reason: 'media_not_in_company' });
    expect((await t.db.selectFrom('user').select('id').execute()).length).toBe(users.length + 1);
  });

  it("passes on DingTalk's error answer, and refuses a code used before", async () => {
    const number = mobile();
    await addMember('reuse', number);
    const s = await start();
    const bad = await mediaLogin({ authCode: 'never-issued', state: s.dingtalk }, s.nonce);
    expect(bad).toMatchObject({ code: 2, reason: 'media_provider_refused' });
    expect(bad.message).toBe('DingTalk refused the sign-in: 不合法的临时授权码');
    expect((await lastLoginLog()).reason).toMatch(/\(dingtalk: invalidAuthCode\)$/);

    stand.failNext('/v1.0/contact/users/me');
    const code = stand.codeFor('dingtalk', { mobile: number, name: 'Reuse' });
    const failing = await mediaLogin({ authCode: code, state: s.dingtalk }, s.nonce);
    expect(failing).toMatchObject({ code: 2, reason: 'media_provider_refused' });

    const fresh = stand.codeFor('dingtalk', { mobile: number, name: 'Reuse' });
    expect((await mediaLogin({ authCode: fresh, state: s.dingtalk }, s.nonce)).code).toBe(0);
    const again = await start();
    const replay = await mediaLogin({ authCode: fresh, state: again.dingtalk }, again.nonce);
    expect(replay).toMatchObject({ code: 2, reason: 'media_code_reused' });
  });

  it("refuses a state this browser was not given: none, goploy's bare one, or another browser's", async () => {
    const number = mobile();
    await addMember('csrf', number);
    const mine = await start();
    const theirs = await start();
    const cases: [string, string | undefined][] = [
      [mine.dingtalk, undefined],
      ['dingtalk', mine.nonce],
      [theirs.dingtalk, mine.nonce],
      [`dingtalk.${'0'.repeat(32)}`, '0'.repeat(31)],
    ];
    const codes: string[] = [];
    for (const [state, nonce] of cases) {
      const code = stand.codeFor('dingtalk', { mobile: number, name: 'Csrf' });
      codes.push(code);
      const r = await mediaLogin({ authCode: code, state }, nonce);
      expect(r, state).toMatchObject({ code: 2, reason: 'media_state_mismatch' });
    }
    // Refused before DingTalk was asked: none of those codes went out.
    expect(stand.requests.filter((q) => codes.some((c) => q.body.includes(c)))).toEqual([]);
  });

  it('refuses a disabled member, and two members sharing the number', async () => {
    const number = mobile();
    const id = await addMember('gone', number);
    await t.db.updateTable('user').set({ state: 0 }).where('id', '=', id).execute();
    const s = await start();
    const disabled = await mediaLogin(
      { authCode: stand.codeFor('dingtalk', { mobile: number, name: 'Gone' }), state: s.dingtalk },
      s.nonce,
    );
    expect(disabled).toMatchObject({ code: 10000, reason: 'account_disabled' });

    const shared = mobile();
    await addMember('twin1', shared);
    await addMember('twin2', shared);
    const twins = await mediaLogin(
      { authCode: stand.codeFor('dingtalk', { mobile: shared, name: 'Twin' }), state: s.dingtalk },
      s.nonce,
    );
    expect(twins).toMatchObject({ code: 2, reason: 'media_several_members' });
  });

  it('says DingTalk cannot be reached when its address does not answer', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = await buildTestApp({ ...stand.env(), FERRY_DINGTALK_API_URL: closed }, {}, off);
    try {
      const s = await start(down);
      const r = await mediaLogin({ authCode: 'x1', state: s.dingtalk }, s.nonce, down);
      expect(r).toMatchObject({ code: 2, reason: 'media_provider_unavailable' });
      expect(r.message).toBe('DingTalk cannot be reached, please try again later');
    } finally {
      await down.close();
    }
  });
});

describe('sign-in with Feishu', () => {
  it('signs in by the number without +86, even one ending in 6 or 8 (goploy cuts those)', async () => {
    const number = mobile('868');
    await addMember('fei', number);
    const s = await start();
    const code = stand.codeFor('feishu', { mobile: number, name: 'Fei Member' });
    const r = await mediaLogin({ authCode: code, state: s.feishu }, s.nonce);
    expect(r.code, r.message).toBe(0);
    expect(await lastLoginLog()).toEqual({ account: `fei${sfx}`, reason: '', provider: 'feishu' });
    const token = stand.requests.findLast((q) => q.url.endsWith('/suite/passport/oauth/token'));
    expect(new URLSearchParams(token?.body).get('redirect_uri')).toBe('http://localhost/login');
  });

  it('refuses a member outside the tenant, an error answer and a reused code', async () => {
    const number = mobile();
    await addMember('feiout', number);
    const s = await start();
    const outside = await mediaLogin(
      {
        authCode: stand.codeFor('feishu', { mobile: number, name: 'Out', inCompany: false }),
        state: s.feishu,
      },
      s.nonce,
    );
    expect(outside).toMatchObject({ code: 2, reason: 'media_not_in_company' });
    expect(outside.message).toMatch(/Feishu account is not a member of the company/);

    const bad = await mediaLogin({ authCode: 'never-issued', state: s.feishu }, s.nonce);
    expect(bad).toMatchObject({ code: 2, reason: 'media_provider_refused' });
    expect(bad.message).toBe('Feishu refused the sign-in: the code is invalid or expired');

    stand.failNext('/suite/passport/oauth/userinfo');
    const failing = await mediaLogin(
      { authCode: stand.codeFor('feishu', { mobile: number, name: 'x' }), state: s.feishu },
      s.nonce,
    );
    expect(failing).toMatchObject({ code: 2, reason: 'media_provider_refused' });

    const code = stand.codeFor('feishu', { mobile: number, name: 'In' });
    expect((await mediaLogin({ authCode: code, state: s.feishu }, s.nonce)).code).toBe(0);
    const replay = await mediaLogin({ authCode: code, state: s.feishu }, s.nonce);
    expect(replay).toMatchObject({ code: 2, reason: 'media_code_reused' });
  });

  it('refuses a provider that is off', async () => {
    const ding = await buildTestApp(
      Object.fromEntries(Object.entries(stand.env()).filter(([k]) => !k.includes('FEISHU'))),
      {},
      off,
    );
    try {
      const s = await start(ding);
      expect(s.urls.feishu).toBe('');
      const r = await mediaLogin({ authCode: 'x', state: `feishu.${s.nonce}` }, s.nonce, ding);
      expect(r).toMatchObject({ code: 2, reason: 'media_login_disabled' });
    } finally {
      await ding.close();
    }
  });
});

describe('secrets and configuration', () => {
  it('never shows an app secret in answers, the login log, the operation log or the console log', async () => {
    const s = await start();
    const answers = [
      await t.call('GET', '/user/getConfig'),
      await mediaLogin({ authCode: 'never-issued', state: s.dingtalk }, s.nonce),
      await mediaLogin({ authCode: 'never-issued', state: s.feishu }, s.nonce),
    ]
      .map((r) => r.res.body + JSON.stringify(r.res.headers))
      .join('\n');
    const tables = JSON.stringify([
      await t.db.selectFrom('login_log').selectAll().execute(),
      await t.db.selectFrom('operation_log').selectAll().execute(),
    ]);
    for (const text of [answers, tables, logged.join('\n')]) {
      expect(text).not.toContain(DINGTALK_APP.secret);
      expect(text).not.toContain(FEISHU_APP.secret);
    }
    expect(logged.length).toBeGreaterThan(0);
  });

  it('stops the console naming a half-set credential or an address in clear text', async () => {
    await expect(buildTestApp({ FERRY_DINGTALK_APP_KEY: 'k' }, {}, off)).rejects.toThrow(
      'FERRY_DINGTALK_APP_SECRET is needed when FERRY_DINGTALK_APP_KEY is set',
    );
    await expect(
      buildTestApp(
        {
          FERRY_FEISHU_APP_ID: 'a',
          FERRY_FEISHU_APP_SECRET: 's',
          FERRY_FEISHU_PASSPORT_URL: 'http://passport.example.com',
        },
        {},
        off,
      ),
    ).rejects.toThrow(ConfigError);
  });
});
