import { describe, expect, it } from 'vitest';
import { forEachLimited } from './run-limited.js';

const tick = () => new Promise((r) => setTimeout(r, 2));

describe('forEachLimited', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      peak = Math.max(peak, ++running);
      await tick();
      running--;
      done.push(n);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('stops taking items after a failure and rejects with it', async () => {
    const started: number[] = [];
    const run = forEachLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      await tick();
      if (n === 1) throw new Error('boom');
    });
    await expect(run).rejects.toThrow('boom');
    expect(started.length).toBeLessThan(6);
  });
});
