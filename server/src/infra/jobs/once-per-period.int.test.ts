import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/test-db.js';
import { manualClock } from '../../core/clock.js';
import { oncePerPeriod } from './once-per-period.js';

let testDb: TestDb;
beforeEach(async () => {
  testDb = await openTestDb();
});
afterEach(() => testDb.release());

describe('a pass once per period over the consoles', () => {
  it('runs on one console of several each period, and again once the period is over', async () => {
    const clock = manualClock();
    let runs = 0;
    const pass = () => Promise.resolve(runs++);
    // Three consoles' timers, each with the same pass.
    const consoles = [1, 2, 3].map(() =>
      oncePerPeriod({ db: testDb.db, clock }, 'prune-things', 3_600_000, pass),
    );
    expect(await Promise.all(consoles.map((c) => c()))).toEqual(
      expect.arrayContaining([true, false, false]),
    );
    expect(runs).toBe(1);
    clock.advance(30 * 60_000);
    expect(await Promise.all(consoles.map((c) => c()))).toEqual([false, false, false]);
    clock.advance(30 * 60_000);
    const second = await Promise.all(consoles.map((c) => c()));
    expect(second.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it('keeps the periods of different passes apart', async () => {
    const clock = manualClock();
    const ran: string[] = [];
    const a = oncePerPeriod({ db: testDb.db, clock }, 'a', 60_000, async () => ran.push('a'));
    const b = oncePerPeriod({ db: testDb.db, clock }, 'b', 60_000, async () => ran.push('b'));
    expect([await a(), await b(), await a()]).toEqual([true, true, false]);
    expect(ran).toEqual(['a', 'b']);
  });
});
