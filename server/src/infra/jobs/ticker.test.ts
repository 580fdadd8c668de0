import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTicker } from './ticker.js';

const log = { error: vi.fn() };

describe('startTicker', () => {
  afterEach(() => vi.useRealTimers());

  it('runs now and then on its period, never two passes at once', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let passes = 0;
    const ticker = startTicker(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 1500));
        running--;
        passes++;
      },
      { everyMs: 1000, log, what: 'test pass' },
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(most).toBe(1);
    expect(passes).toBeGreaterThanOrEqual(5);
    const stopped = ticker.stop();
    await vi.advanceTimersByTimeAsync(2000);
    await stopped;
  });

  it('runs a kicked pass right after the one under way, once however often kicked', async () => {
    const starts: number[] = [];
    let release!: () => void;
    const ticker = startTicker(
      async () => {
        starts.push(starts.length);
        if (starts.length === 1) await new Promise<void>((r) => (release = r));
      },
      { everyMs: 60_000, log, what: 'test pass' },
    );
    ticker.kick();
    ticker.kick();
    expect(starts).toEqual([0]);
    release();
    await vi.waitFor(() => expect(starts).toEqual([0, 1]));
    await ticker.stop();
    ticker.kick();
    expect(starts).toEqual([0, 1]);
  });

  it('logs a failed pass and goes on', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const ticker = startTicker(
      () => {
        calls++;
        return Promise.reject(new Error('boom'));
      },
      { everyMs: 1000, log, what: 'the test pass' },
    );
    await vi.advanceTimersByTimeAsync(2500);
    expect(calls).toBe(3);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'the test pass failed');
    await ticker.stop();
  });
});
