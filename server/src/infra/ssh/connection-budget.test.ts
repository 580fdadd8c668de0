import { describe, expect, it } from 'vitest';
import { createConnectionBudget } from './connection-budget.js';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 10));
  return done;
};

describe('the per-server connection budget', () => {
  it('lets callers in up to the cap, per server, and the next one when a slot is freed', async () => {
    const budget = createConnectionBudget(2);
    const a = await budget.take(1);
    await budget.take(1);
    await budget.take(2); // another server has a budget of its own
    const waiting = budget.take(1);
    expect(await settled(waiting)).toBe(false);
    a();
    a(); // twice is fine
    expect(await settled(waiting)).toBe(true);
    expect(budget.inUse(1)).toBe(2);
  });

  it('hands out several slots at once or not at all, in arrival order', async () => {
    const budget = createConnectionBudget(3);
    const first = await budget.take(1, 2);
    const pair = budget.take(1, 2);
    const single = budget.take(1, 1);
    // One slot is free, but the pair came first: the single waits behind it.
    expect(await settled(single)).toBe(false);
    first();
    expect(await settled(pair)).toBe(true);
    expect(await settled(single)).toBe(true);
    expect(budget.inUse(1)).toBe(3);
  });

  it('gives up a wait when its signal aborts, and lets those behind it in', async () => {
    const budget = createConnectionBudget(2);
    await budget.take(1);
    const abort = new AbortController();
    const pair = budget.take(1, 2, abort.signal);
    const single = budget.take(1, 1);
    abort.abort();
    await expect(pair).rejects.toMatchObject({ reason: 'ssh_closed' });
    expect(await settled(single)).toBe(true);
  });
});
