import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

/** Timers fire a little early or late: a period is taken once this much of it has passed. */
const SLACK_MS = 1_000;

/**
 * `pass`, run at most once per `everyMs` over every console on the database (decision 0044).
 * Each console calls the result on its own timer; the first call after the period is over takes
 * the next period (one conditional update on `scheduled_pass`) and runs the pass, the others
 * answer false at once. A console that dies in a pass leaves the rest of it to the next period.
 */
export function oncePerPeriod(
  deps: { db: Db; clock: Clock },
  name: string,
  everyMs: number,
  pass: () => Promise<unknown>,
): () => Promise<boolean> {
  const { db, clock } = deps;
  return async () => {
    const now = clock.now();
    await db
      .insertInto('scheduled_pass')
      .values({ name, next_run: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await db
      .updateTable('scheduled_pass')
      .set({ next_run: now + everyMs - SLACK_MS })
      .where('name', '=', name)
      .where('next_run', '<=', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await pass();
    return true;
  };
}
