import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../test/test-db.js';
import { createShortLived } from '../../../db/short-lived.js';

import { renderCaptcha } from './captcha-image.js';
import type { CaptchaPoint, Rng } from './captcha-image.js';
import { CAPTCHA_TARGET_COUNT, createCaptchaStore } from './captcha-store.js';
import type { CaptchaRenderer, CaptchaStoreOptions } from './captcha-store.js';

/** A settable clock. */
function fakeClock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** Wraps the real renderer and remembers the points of the last image it drew. */
function recordingRenderer(): { render: CaptchaRenderer; last: () => CaptchaPoint[] } {
  let points: CaptchaPoint[] = [];
  return {
    render: (chars: readonly string[], rng: Rng) => {
      const image = renderCaptcha(chars, rng);
      points = image.points;
      return image;
    },
    last: () => points,
  };
}

function flatten(points: readonly CaptchaPoint[]): number[] {
  return points.flatMap((p) => [p.x, p.y]);
}

function decode(dataUrl: string): string {
  const prefix = 'data:image/svg+xml;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  return Buffer.from(dataUrl.slice(prefix.length), 'base64').toString('utf8');
}

let testDb: TestDb;
beforeEach(async () => {
  testDb = await openTestDb();
});
afterEach(() => testDb.release());

const entries = () => createShortLived(testDb.db, 'captcha');
/** How many challenges are stored. */
const stored = async () =>
  (await testDb.db.selectFrom('short_lived').select('key_hash').execute()).length;

/** A store whose renderer tells the test where the characters are. */
function recorded(options: Partial<CaptchaStoreOptions> = {}) {
  const rec = recordingRenderer();
  const store = createCaptchaStore({
    entries: entries(),
    now: fakeClock().now,
    render: rec.render,
    ...options,
  });
  return { rec, store };
}

describe('createCaptchaStore', () => {
  it('issues a 32-byte base64url key and SVG data URLs with 4 targets', async () => {
    const { rec, store } = recorded();
    const issued = await store.issue('en');
    expect(issued.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(issued.key, 'base64url')).toHaveLength(32);
    expect(decode(issued.base64)).toMatch(/^<svg [^>]*viewBox="0 0 300 220"/);
    expect(decode(issued.thumbBase64)).toMatch(/^<svg [^>]*viewBox="0 0 150 40"/);
    expect(decode(issued.base64)).not.toMatch(/<text/i);
    expect(rec.last()).toHaveLength(CAPTCHA_TARGET_COUNT);
    expect((await store.issue()).key).not.toBe(issued.key);
  });

  it('issue → check with the right points → consume true once, then false', async () => {
    const { rec, store } = recorded();
    const { key } = await store.issue();
    const dots = flatten(rec.last().map((p) => ({ x: p.x + 5, y: p.y - 5 })));
    expect(await store.check(key, dots)).toBe(true);
    expect(await store.consume(key)).toBe(true);
    expect(await store.consume(key)).toBe(false);
  });

  it('gives one attempt per image: wrong dots return false and delete the key', async () => {
    const { rec, store } = recorded();
    const { key } = await store.issue();
    const right = flatten(rec.last());
    const wrongOrder = flatten([...rec.last()].reverse());
    expect(await store.check(key, wrongOrder)).toBe(false);
    expect(await stored()).toBe(0);
    expect(await store.check(key, right)).toBe(false);
    expect(await store.consume(key)).toBe(false);
  });

  it('does not allow checking the same key twice', async () => {
    const { rec, store } = recorded();
    const { key } = await store.issue();
    expect(await store.check(key, flatten(rec.last()))).toBe(true);
    expect(await store.check(key, flatten(rec.last()))).toBe(false);
    expect(await store.consume(key)).toBe(false);
  });

  it('rejects malformed dots and unknown keys', async () => {
    const { store } = recorded();
    expect(await store.check('nope', [1, 2])).toBe(false);
    const { key } = await store.issue();
    expect(await store.check(key, [Number.NaN, 0, 0, 0, 0, 0, 0, 0])).toBe(false);
    expect(await store.consume(key)).toBe(false);
  });

  it('returns false from consume without a prior check, and deletes the key', async () => {
    const { rec, store } = recorded();
    const { key } = await store.issue();
    expect(await store.consume(key)).toBe(false);
    expect(await store.check(key, flatten(rec.last()))).toBe(false);
  });

  it('expires unchecked keys after the TTL', async () => {
    const clock = fakeClock();
    const { rec, store } = recorded({ now: clock.now, ttlMs: 1_000 });
    const { key } = await store.issue();
    clock.advance(1_000);
    expect(await store.check(key, flatten(rec.last()))).toBe(false);
  });

  it('expires checked keys one TTL after the check', async () => {
    const clock = fakeClock();
    const { rec, store } = recorded({ now: clock.now, ttlMs: 1_000 });
    const a = (await store.issue()).key;
    const aDots = flatten(rec.last());
    const b = (await store.issue()).key;
    const bDots = flatten(rec.last());
    clock.advance(900);
    expect(await store.check(a, aDots)).toBe(true);
    expect(await store.check(b, bDots)).toBe(true);
    clock.advance(900); // 1800ms after issue, 900ms after the check: still valid
    expect(await store.consume(a)).toBe(true);
    clock.advance(100);
    expect(await store.consume(b)).toBe(false);
  });

  it('purges expired entries at the next issue', async () => {
    const clock = fakeClock();
    const store = createCaptchaStore({ entries: entries(), now: clock.now, ttlMs: 1_000 });
    await store.issue();
    await store.issue();
    expect(await stored()).toBe(2);
    clock.advance(1_000);
    await store.issue();
    expect(await stored()).toBe(1);
  });

  it('never exceeds maxEntries and evicts those closest to expiry first', async () => {
    const clock = fakeClock();
    const points = [
      { x: 50, y: 50 },
      { x: 120, y: 50 },
      { x: 190, y: 50 },
      { x: 250, y: 150 },
    ];
    const render: CaptchaRenderer = () => ({ svg: '<svg/>', thumbSvg: '<svg/>', points });
    const store = createCaptchaStore({ entries: entries(), now: clock.now, maxEntries: 3, render });
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      keys.push((await store.issue()).key);
      clock.advance(1);
      expect(await stored()).toBeLessThanOrEqual(3);
    }
    expect(await stored()).toBe(3);
    const dots = flatten(points);
    expect(await store.check(keys[0] ?? '', dots)).toBe(false);
    expect(await store.check(keys[1] ?? '', dots)).toBe(false);
    for (const key of keys.slice(2)) expect(await store.check(key, dots)).toBe(true);
  });

  it('rejects invalid options', async () => {
    const { now } = fakeClock();
    expect(() => createCaptchaStore({ entries: entries(), now, ttlMs: 0 })).toThrow();
    expect(() => createCaptchaStore({ entries: entries(), now, maxEntries: 0 })).toThrow();
  });
});
