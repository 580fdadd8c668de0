import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/test-db.js';
import { createDueClaims } from './lease.js';

describe('the due-time claim', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await openTestDb();
  });
  afterEach(() => t.release());

  /** A collection source of server `id`, due at `due`, in `mode`. */
  const source = (id: number, due: number, mode = 'pull') =>
    t.db
      .insertInto('server_metric_source')
      .values({ server_id: id, mode, next_collect: due })
      .execute();
  const row = (id: number) =>
    t.db
      .selectFrom('server_metric_source')
      .select(['next_collect', 'lease_owner', 'lease_until'])
      .where('server_id', '=', id)
      .executeTakeFirstOrThrow();
  const claimsOf = (owner: string) => ({
    owner,
    ...createDueClaims(t.db, 'server_metric_source', {
      key: 'server_id',
      due: 'next_collect',
      scope: sql`mode = 'pull'`,
    }),
  });

  it('gives a due time to exactly one taker, then holds, renews and releases only for it', async () => {
    await source(1, 1000);
    const [a, b] = [claimsOf('a'), claimsOf('b')];
    const lease = (owner: string) => ({ owner, until: 61_000, now: 1000 });
    expect(await a.take(1, 1000, 61_000, lease('a'))).toBe(true);
    expect(await b.take(1, 1000, 61_000, lease('b'))).toBe(false); // the time read is gone
    expect(await row(1)).toEqual({ next_collect: 61_000, lease_owner: 'a', lease_until: 61_000 });
    // The next due time while a's lease holds: nobody takes it; after it expired, b may.
    expect(await b.take(1, 61_000, 121_000, { owner: 'b', until: 70_000, now: 60_000 })).toBe(
      false,
    );
    await b.renew([1], 'b', 999_000);
    await b.release(1, 'b');
    expect(await row(1)).toMatchObject({ lease_owner: 'a', lease_until: 61_000 });
    await a.renew([1], 'a', 90_000);
    expect(await row(1)).toMatchObject({ lease_until: 90_000 });
    await a.release(1, 'a');
    expect(await row(1)).toMatchObject({ lease_owner: '', lease_until: 0 });
    expect(await b.take(1, 61_000, 121_000, { owner: 'b', until: 130_000, now: 70_000 })).toBe(
      true,
    );
  });

  it('takes nothing outside its scope', async () => {
    await source(2, 1000, 'off');
    expect(
      await claimsOf('a').take(2, 1000, 61_000, { owner: 'a', until: 61_000, now: 1000 }),
    ).toBe(false);
    expect(await row(2)).toMatchObject({ next_collect: 1000, lease_owner: '' });
  });
});
