import type { LoginPolicy } from '../../config.js';
import type { Clock } from '../../core/clock.js';
import type { LoginGuardRepository } from './login-guard.repository.js';

/**
 * Per-account lockout: `maxFailures` wrong passwords within the window lock the account for
 * `lockMs`. Counted for unknown accounts too, so a lock does not reveal which accounts exist.
 */
export function createLoginGuard(deps: {
  repo: LoginGuardRepository;
  policy: LoginPolicy;
  clock: Clock;
}) {
  const { repo, policy, clock } = deps;

  return {
    /** Milliseconds the account stays locked; 0 when it is not. */
    async lockedFor(account: string): Promise<number> {
      const f = await repo.get(account);
      return f ? Math.max(0, f.locked_until - clock.now()) : 0;
    },

    /** Whether the account failed recently (the captcha is then required). */
    async failedRecently(account: string): Promise<boolean> {
      const f = await repo.get(account);
      return !!f && f.failures > 0 && clock.now() - f.window_start < policy.failureWindowMs;
    },

    /** Counts a failure; returns the lock duration when this failure locked the account. */
    async recordFailure(account: string): Promise<number> {
      const now = clock.now();
      const f = await repo.get(account);
      const inWindow = f && now - f.window_start < policy.failureWindowMs;
      const failures = inWindow ? f.failures + 1 : 1;
      const windowStart = inWindow ? f.window_start : now;
      if (failures >= policy.maxFailures) {
        await repo.put(account, {
          failures: 0,
          window_start: now,
          locked_until: now + policy.lockMs,
        });
        return policy.lockMs;
      }
      await repo.put(account, { failures, window_start: windowStart, locked_until: 0 });
      return 0;
    },

    clear: (account: string) => repo.clear(account),
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;

/** "15 minutes", rounded up, for the lock message. */
export function minutesText(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} minute${m === 1 ? '' : 's'}`;
}
