import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/test-db.js';
import { manualClock } from '../../core/clock.js';
import { createClusterLocks } from './cluster-locks.js';

let testDb: TestDb;
const clock = manualClock();
beforeEach(async () => {
  testDb = await openTestDb();
});
afterEach(() => testDb.release());

/** The locks of one console (two calls: two consoles on one database). */
const locksOf = () => createClusterLocks({ db: testDb.db, clock, scope: 'test' });

describe('cluster locks', () => {
  it('runs the work of one key one after another, even after a failure, others alongside', async () => {
    const locks = locksOf();
    const order: string[] = [];
    let release!: () => void;
    const first = locks.run(1, async () => {
      order.push('a start');
      await new Promise<void>((r) => (release = r));
      order.push('a end');
      throw new Error('a failed');
    });
    const second = locks.run(1, () => Promise.resolve(order.push('b')));
    const other = locks.run(2, () => Promise.resolve(order.push('other key')));
    await other;
    await expect.poll(() => order).toContain('a start');
    release();
    await expect(first).rejects.toThrow('a failed');
    await second;
    expect(order).toEqual(['a start', 'other key', 'a end', 'b']);
    expect(await testDb.db.selectFrom('cluster_lock').selectAll().execute()).toEqual([]);
  });

  it('makes another console wait for the key, and takes a long or odd key', async () => {
    const [a, b] = [locksOf(), locksOf()];
    const key = `7\0/srv/${'x'.repeat(300)}`;
    let release!: () => void;
    const order: string[] = [];
    const held = a.run(key, async () => {
      order.push('a');
      await new Promise<void>((r) => (release = r));
      order.push('a done');
    });
    await expect.poll(() => order).toEqual(['a']);
    const waiting = b.run(key, () => Promise.resolve(order.push('b')));
    await new Promise((r) => setTimeout(r, 150));
    expect(order).toEqual(['a']);
    release();
    await Promise.all([held, waiting]);
    expect(order).toEqual(['a', 'a done', 'b']);
  });

  it('takes over the key of a console that died once its lease expired', async () => {
    await testDb.db
      .insertInto('cluster_lock')
      .values({ key: 'test:9', owner: 'dead', lease_until: clock.now() + 15_000 })
      .execute();
    let ran = false;
    const work = locksOf().run(9, () => Promise.resolve((ran = true)));
    await new Promise((r) => setTimeout(r, 150));
    expect(ran).toBe(false);
    clock.advance(15_001);
    await work;
    expect(ran).toBe(true);
  });
});
