import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { renderCaptcha, type CaptchaPoint } from './captcha/captcha-image.js';

describe('the click captcha at login', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is asked for after a failure, checked by clicks, and used once', async () => {
    let points: CaptchaPoint[] = [];
    t = await buildTestApp(
      { FERRY_CAPTCHA: 'true' },
      {
        captchaRender: (chars, rng) => {
          const image = renderCaptcha(chars, rng);
          points = image.points;
          return image;
        },
      },
    );
    expect((await t.call('GET', '/user/getConfig')).data).toMatchObject({
      captcha: { enabled: true },
    });
    expect(
      (
        await t.call('POST', '/user/login', {
          body: { account: 'admin', password: ADMIN_PASSWORD },
        })
      ).code,
    ).toBe(0);
    await t.call('POST', '/user/login', { body: { account: 'admin', password: 'wrong' } });
    const need = await t.call('POST', '/user/login', {
      body: { account: 'admin', password: ADMIN_PASSWORD },
    });
    expect(need).toMatchObject({ code: 2, reason: 'captcha_required' });

    const wrongImage = await t.call<{ key: string }>('GET', '/user/getCaptcha', {
      query: { language: 'en' },
    });
    const miss = await t.call('POST', '/user/checkCaptcha', {
      body: { key: wrongImage.data.key, dots: [1, 1, 2, 2, 3, 3, 4, 4] },
    });
    expect(miss).toMatchObject({ code: 2, reason: 'captcha_failed' });

    const image = await t.call<{ key: string; base64: string; thumbBase64: string }>(
      'GET',
      '/user/getCaptcha',
    );
    expect(image.data.base64).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.data.base64.split(',')[1]!, 'base64').toString()).not.toContain(
      '<text',
    );
    const dots = points.flatMap((p) => [Math.round(p.x) + 3, Math.round(p.y) - 2]);
    expect(
      (await t.call('POST', '/user/checkCaptcha', { body: { key: image.data.key, dots } })).code,
    ).toBe(0);
    const ok = await t.call('POST', '/user/login', {
      body: { account: 'admin', password: ADMIN_PASSWORD, captchaKey: image.data.key },
    });
    expect(ok.code).toBe(0);
    await t.call('POST', '/user/login', { body: { account: 'admin', password: 'wrong' } });
    const reuse = await t.call('POST', '/user/login', {
      body: { account: 'admin', password: ADMIN_PASSWORD, captchaKey: image.data.key },
    });
    expect(reuse.reason).toBe('captcha_required');
    const logged = await t.db
      .selectFrom('login_log')
      .select('reason')
      .where('reason', 'like', 'Captcha%')
      .execute();
    expect(logged.length).toBe(2);
  });
});

describe('signed-link login', () => {
  let t: TestApp;
  afterEach(() => t.close());
  const sign = (key: string, account: string, time: number) =>
    createHmac('sha256', key).update(`${account}${time}`).digest('hex');

  it('logs in with a fresh signature and refuses old, forged or disabled links', async () => {
    t = await buildTestApp({ FERRY_EXT_LOGIN_KEY: 'portal-secret' });
    const now = Math.floor(t.clock.now() / 1000);
    const ok = await t.call('POST', '/user/extLogin', {
      body: { account: 'admin', time: now, token: sign('portal-secret', 'admin', now) },
    });
    expect(ok.code).toBe(0);
    const replay = await t.call('POST', '/user/extLogin', {
      body: { account: 'admin', time: now, token: sign('portal-secret', 'admin', now) },
    });
    expect(replay).toMatchObject({ code: 10003, reason: 'ext_login_reused' });
    const old = await t.call('POST', '/user/extLogin', {
      body: { account: 'admin', time: now - 31, token: sign('portal-secret', 'admin', now - 31) },
    });
    expect(old.code).toBe(10003);
    const forged = await t.call('POST', '/user/extLogin', {
      body: { account: 'admin', time: now, token: sign('guess', 'admin', now) },
    });
    expect(forged).toMatchObject({ code: 10003, reason: 'ext_login_signature' });
  });

  it('is off without a configured key', async () => {
    t = await buildTestApp();
    const r = await t.call('POST', '/user/extLogin', {
      body: { account: 'admin', time: 1, token: 'a'.repeat(64) },
    });
    expect(r.reason).toBe('ext_login_disabled');
  });
});
