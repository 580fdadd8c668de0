import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';

/** Routes the SPA and static files use; every other route must carry a descriptor. */
const UNDECLARED_ALLOWED = new Set(['HEAD /*', 'GET /*']);

describe('the guard', () => {
  let t: TestApp;
  let nobody: Actor;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await adminOf(t);
    nobody = await memberOf(t, admin, { account: 'nobody', namespaceId: 1, permissionIds: [] });
  });
  afterAll(() => t.close());

  it('knows the access rule of every registered route', () => {
    const undeclared = t.routes
      .filter((r) => !r.descriptor && !UNDECLARED_ALLOWED.has(`${r.method} ${r.url}`))
      .filter((r) => r.method !== 'HEAD');
    expect(undeclared).toEqual([]);
    expect(t.routes.filter((r) => r.descriptor).length).toBeGreaterThan(30);
  });

  it('denies every permission-gated route to a member holding no permission (code 1)', async () => {
    const gated = t.routes.filter(
      (r) => r.method !== 'HEAD' && r.descriptor && typeof r.descriptor.access === 'object',
    );
    expect(gated.length).toBeGreaterThan(20);
    for (const r of gated) {
      const res = await t.call(r.method as 'GET', r.url, {
        token: nobody.token,
        ns: 1,
        body: r.method === 'GET' ? undefined : {},
      });
      expect(res.code, `${r.method} ${r.url}`).toBe(1);
    }
  });

  it('answers 10001 on every non-public route without credentials', async () => {
    const guarded = t.routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.descriptor &&
        r.descriptor.access !== 'public' &&
        !r.url.startsWith('/ws/'),
    );
    for (const r of guarded) {
      const res = await t.call(r.method as 'GET', r.url, {
        ns: 1,
        body: r.method === 'GET' ? undefined : {},
      });
      expect(res.code, `${r.method} ${r.url}`).toBe(10001);
    }
  });

  it('answers 10002 for a namespace the caller does not belong to', async () => {
    const other = await t.call('GET', '/user/info', { token: nobody.token, ns: 99 });
    expect(other.code).toBe(10002);
    const bad = await t.call('GET', '/user/info', {
      token: nobody.token,
      headers: { 'g-n-id': 'abc' },
    });
    expect(bad.code).toBe(10002);
  });

  it('refuses a cross-origin write from a browser', async () => {
    const res = await t.call('PUT', '/user/generateApiKey', {
      token: nobody.token,
      ns: 1,
      body: {},
      headers: { origin: 'https://evil.example', host: 'ferry.local' },
    });
    expect(res.code).toBe(1);
    expect(res.reason).toBe('cross_origin');
  });

  it('answers code 1 for an unknown API path and 10003 for a malformed body', async () => {
    expect((await t.call('GET', '/user/nope')).code).toBe(1);
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.json()).toMatchObject({ code: 10003 });
  });
});
