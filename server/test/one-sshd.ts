import { afterAll, beforeAll } from 'vitest';
import { startSshdFleet, type SshdFleet, type SshdServer } from './sshd-fleet.js';
import { openTestDb } from './test-db.js';

/**
 * One real sshd shared by every test of the file, started before them and stopped after; the
 * file's database is made in the same hook, so the first test's hooks do not pay for it.
 * Read `server` inside a test or hook, not at import time.
 */
export function useOneSshd(): { readonly server: SshdServer } {
  let fleet: SshdFleet | undefined;
  beforeAll(async () => {
    fleet = await startSshdFleet({ count: 1 });
    await (await openTestDb()).release();
  }, 60_000);
  afterAll(() => fleet?.stopAll());
  return {
    get server() {
      if (!fleet) throw new Error('the sshd starts in beforeAll');
      return fleet.servers[0]!;
    },
  };
}
