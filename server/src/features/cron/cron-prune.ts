import type { Db } from '../../db/database.js';
import { deleteBefore } from '../../db/delete-before.js';

const DAY = 86_400_000;
/** Runs one delete removes at most. */
const PRUNE_BATCH_ROWS = 5000;

/** Removes the runs that ended more than `days` ago (0 keeps them); answers how many. */
export function pruneCronRuns(db: Db, days: number, now: number): Promise<number> {
  if (days <= 0) return Promise.resolve(0);
  return deleteBefore(db, 'cron_log', 'report_time', now - days * DAY, PRUNE_BATCH_ROWS);
}
