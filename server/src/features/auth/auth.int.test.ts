import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf } from '../../../test/factories.js';

describe('login and sessions', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('answers a token and the namespace list in both spellings, and sets an HttpOnly cookie', async () => {
    const r = await t.call<{ token: string; namespaceList: unknown[] }>('POST', '/user/login', {
      body: { account: '  admin ', password: ADMIN_PASSWORD },
    });
    expect(r.code).toBe(0);
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.data.namespaceList).toEqual([
      {
        namespaceId: 1,
        namespaceName: 'default',
        roleId: 0,
        id: 1,
        name: 'default',
        role_id: 0,
        permissionIds: null,
      },
    ]);
    const cookie = String(r.res.headers['set-cookie']);
    expect(cookie).toContain(`goploy_token=${r.data.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('refuses a wrong password and an unknown account with the same answer, and logs both', async () => {
    const wrong = await t.call('POST', '/user/login', {
      body: { account: 'admin', password: 'nope1234!' },
    });
    const unknown = await t.call('POST', '/user/login', {
      body: { account: 'ghost', password: 'nope1234!' },
    });
    expect(wrong.code).toBe(1);
    expect(unknown.code).toBe(1);
    expect(wrong.message).toBe(unknown.message);
    const logs = await t.db.selectFrom('login_log').selectAll().orderBy('id').execute();
    expect(logs.map((l) => [l.account, l.reason])).toEqual([
      ['admin', 'Invalid account or password'],
      ['ghost', 'Invalid account or password'],
    ]);
  });

  it('locks an account after five failures within five minutes, and unlocks after the lock time', async () => {
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.call('POST', '/user/login', { body: { account: 'admin', password: 'bad' } })).code,
      ).toBe(1);
    }
    const fifth = await t.call('POST', '/user/login', {
      body: { account: 'admin', password: 'bad' },
    });
    expect(fifth.code).toBe(2);
    expect(fifth.message).toContain('15 minutes');
    const right = await t.call('POST', '/user/login', {
      body: { account: 'admin', password: ADMIN_PASSWORD },
    });
    expect(right.code).toBe(2);
    expect(right.reason).toBe('account_locked');
    t.clock.advance(10 * 60_000);
    const later = await t.call('POST', '/user/login', {
      body: { account: 'admin', password: ADMIN_PASSWORD },
    });
    expect(later.message).toContain('5 minutes');
    t.clock.advance(5 * 60_000 + 1);
    expect(
      (
        await t.call('POST', '/user/login', {
          body: { account: 'admin', password: ADMIN_PASSWORD },
        })
      ).code,
    ).toBe(0);
  });

  it('locks an account that does not exist exactly as a real one: nothing tells which accounts exist', async () => {
    const answers = async (account: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await t.call('POST', '/user/login', { body: { account, password: 'bad' } });
        seen.push({ code: r.code, message: r.message, reason: r.reason, data: r.data });
      }
      return seen;
    };
    const real = await answers('admin');
    const ghost = await answers('ghost');
    expect(ghost).toEqual(real);
    expect(real[4]).toMatchObject({ code: 2, reason: 'account_locked' });
    expect(real[5]).toMatchObject({ code: 2, reason: 'account_locked' });
  }, 20_000);

  it('forgets failures older than the five-minute window', async () => {
    for (let i = 0; i < 4; i++)
      await t.call('POST', '/user/login', { body: { account: 'admin', password: 'bad' } });
    t.clock.advance(5 * 60_000 + 1);
    expect(
      (await t.call('POST', '/user/login', { body: { account: 'admin', password: 'bad' } })).code,
    ).toBe(1);
  });

  it('makes a user created by an admin change the password at first login (10004)', async () => {
    const admin = await adminOf(t);
    await t.call('POST', '/user/add', {
      token: admin.token,
      ns: 1,
      body: { account: 'carol', password: 'Carol123!', name: 'Carol' },
    });
    await t.call('POST', '/namespace/addUser', {
      token: admin.token,
      ns: 1,
      body: { namespaceId: 1, userIds: [2], roleId: 2 },
    });
    const first = await t.call('POST', '/user/login', {
      body: { account: 'carol', password: 'Carol123!' },
    });
    expect(first.code).toBe(10004);
    const weak = await t.call('POST', '/user/login', {
      body: { account: 'carol', password: 'Carol123!', newPassword: '12345678' },
    });
    expect(weak.code).toBe(10004);
    expect(weak.message).toContain('newPassword must be 8 to 16 characters');
    const same = await t.call('POST', '/user/login', {
      body: { account: 'carol', password: 'Carol123!', newPassword: 'Carol123!' },
    });
    expect(same.code).toBe(10004);
    const ok = await t.call('POST', '/user/login', {
      body: { account: 'carol', password: 'Carol123!', newPassword: 'Better123!' },
    });
    expect(ok.code).toBe(0);
    expect(
      (await t.call('POST', '/user/login', { body: { account: 'carol', password: 'Better123!' } }))
        .code,
    ).toBe(0);
  });

  it('asks for a new password when it is older than the expiry setting', async () => {
    const t2 = await buildTestApp({ FERRY_PASSWORD_EXPIRE_DAYS: '30' });
    try {
      expect(
        (
          await t2.call('POST', '/user/login', {
            body: { account: 'admin', password: ADMIN_PASSWORD },
          })
        ).code,
      ).toBe(0);
      t2.clock.advance(31 * 86_400_000);
      const r = await t2.call('POST', '/user/login', {
        body: { account: 'admin', password: ADMIN_PASSWORD },
      });
      expect(r.code).toBe(10004);
      expect(r.reason).toBe('password_expired');
    } finally {
      await t2.close();
    }
  });

  it('refuses a disabled account with 10000', async () => {
    const admin = await adminOf(t);
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    await t.call('DELETE', '/user/remove', { token: admin.token, ns: 1, body: { id: bob.id } });
    const r = await t.call('POST', '/user/login', {
      body: { account: 'bob', password: 'Changed123!' },
    });
    expect(r.code).toBe(10000);
  });

  it('revokes the session on logout', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('GET', '/user/info', { token, ns: 1 })).code).toBe(0);
    const out = await t.call('POST', '/user/logout', { token, ns: 1 });
    expect(out.code).toBe(0);
    expect(String(out.res.headers['set-cookie'])).toContain('goploy_token=;');
    expect((await t.call('GET', '/user/info', { token, ns: 1 })).code).toBe(10086);
  });

  it('expires an idle session after 24 hours and slides an active one', async () => {
    const idle = await t.login('admin', ADMIN_PASSWORD);
    const active = await t.login('admin', ADMIN_PASSWORD);
    t.clock.advance(23 * 3_600_000);
    expect((await t.call('GET', '/user/info', { token: active })).code).toBe(0);
    t.clock.advance(2 * 3_600_000);
    expect((await t.call('GET', '/user/info', { token: idle })).code).toBe(10086);
    expect((await t.call('GET', '/user/info', { token: active })).code).toBe(0);
  });

  it('removes expired sessions and spent lockout counters when tidying', async () => {
    await t.login('admin', ADMIN_PASSWORD);
    await t.call('POST', '/user/login', { body: { account: 'ghost', password: 'bad' } });
    t.clock.advance(25 * 3_600_000);
    const fresh = await t.login('admin', ADMIN_PASSWORD);
    await t.tidy();
    expect(await t.db.selectFrom('session').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('login_failure').select('account').execute()).toEqual([]);
    expect((await t.call('GET', '/user/info', { token: fresh })).code).toBe(0);
  });

  it('answers 10001 without credentials and 10086 for an unknown token', async () => {
    expect((await t.call('GET', '/user/info')).code).toBe(10001);
    expect((await t.call('GET', '/user/info', { token: 'forged' })).code).toBe(10086);
    const record = { recordId: 1, token: 'forged' };
    expect((await t.call('GET', '/log/getTerminalRecord', { query: record })).code).toBe(10086);
  });

  it('accepts the session token in the query for downloads only (and sockets)', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const download = (query: Record<string, string | number>) =>
      t.call('GET', '/log/getTerminalRecord', { query: { recordId: 999, 'G-N-ID': 1, ...query } });
    // Past the door: the record does not exist (code 1), rather than "not logged in".
    expect(await download({ token })).toMatchObject({ code: 1, reason: 'not_found' });
    expect(await download({ goploy_token: token })).toMatchObject({ code: 1, reason: 'not_found' });
    // Elsewhere a header can be sent: the query's token is not a credential there.
    expect((await t.call('GET', '/user/info', { query: { token, 'G-N-ID': 1 } })).code).toBe(10001);
  });

  it('serves the login configuration under both names', async () => {
    const cfg = await t.call('GET', '/user/getConfig');
    expect(cfg.data).toEqual({
      ldap: { enabled: false },
      captcha: { enabled: false },
      mediaURL: { dingtalk: '', feishu: '' },
      oidc: { enabled: false, label: '' },
    });
    expect((await t.call('GET', '/user/getCaptchaConfig')).data).toEqual({ enabled: false });
  });
});

describe('login rate limit', { timeout: 30_000 }, () => {
  it('allows the configured attempts a minute from one address, then answers code 2', async () => {
    const t = await buildTestApp({ FERRY_LOGIN_RATE_PER_MINUTE: '30' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        codes.push(
          (await t.call('POST', '/user/login', { body: { account: `u${i}`, password: 'x' } })).code,
        );
      }
      expect(codes.slice(0, 30).every((c) => c === 1)).toBe(true);
      const last = await t.call('POST', '/user/login', {
        body: { account: 'admin', password: ADMIN_PASSWORD },
      });
      expect(last).toMatchObject({ code: 2, reason: 'rate_limited' });
    } finally {
      await t.close();
    }
  });
});

describe('X-Forwarded-For', { timeout: 30_000 }, () => {
  const attempt = (t: TestApp, i: number, forwardedFor: string) =>
    t.call('POST', '/user/login', {
      body: { account: `u${i}`, password: 'x' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('is not believed by default: a changing header neither escapes the rate limit nor reaches the login log', async () => {
    const t = await buildTestApp({ FERRY_LOGIN_RATE_PER_MINUTE: '30' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 40; i++) codes.push((await attempt(t, i, `203.0.113.${i}`)).code);
      expect(codes.slice(30)).toEqual(Array(10).fill(2));
      const logged = await t.db.selectFrom('login_log').select('remote_addr').distinct().execute();
      expect(logged.map((r) => r.remote_addr)).toEqual(['127.0.0.1']);
    } finally {
      await t.close();
    }
  });

  it('is believed from a configured proxy, for the limit and the log', async () => {
    const t = await buildTestApp({
      FERRY_LOGIN_RATE_PER_MINUTE: '30',
      FERRY_TRUST_PROXY: '127.0.0.1',
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 40; i++) codes.push((await attempt(t, i, `203.0.113.${i}`)).code);
      expect(codes.every((c) => c === 1)).toBe(true);
      const logged = await t.db
        .selectFrom('login_log')
        .select('remote_addr')
        .where('account', '=', 'u7')
        .executeTakeFirstOrThrow();
      expect(logged.remote_addr).toBe('203.0.113.7');
    } finally {
      await t.close();
    }
  });
});

describe('passwords imported from goploy', () => {
  it('accepts a bcrypt hash and replaces it with argon2id at the next login', async () => {
    const t = await buildTestApp();
    try {
      const bcrypt = await import('bcryptjs');
      await t.db
        .updateTable('user')
        .set({ password: await bcrypt.default.hash('Legacy123!', 10) })
        .where('id', '=', 1)
        .execute();
      const r = await t.call('POST', '/user/login', {
        body: { account: 'admin', password: 'Legacy123!' },
      });
      expect(r.code).toBe(0);
      const row = await t.db
        .selectFrom('user')
        .select('password')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^\$argon2id\$/);
      expect(
        (
          await t.call('POST', '/user/login', {
            body: { account: 'admin', password: 'Legacy123!' },
          })
        ).code,
      ).toBe(0);
    } finally {
      await t.close();
    }
  });
});
