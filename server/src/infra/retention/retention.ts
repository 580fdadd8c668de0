import fs from 'node:fs';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { oncePerPeriod } from '../jobs/once-per-period.js';
import { startTicker, type Ticker } from '../jobs/ticker.js';

/** How long, and how much of, one kind of stored output is kept; 0 is no limit. */
export interface RetentionPolicy {
  maxAgeDays: number;
  maxMb: number;
}

/** One finished item with a file (a terminal recording, a deploy's log). */
export interface StoredItem {
  id: number;
  /** Absolute path; undefined when the stored name is unusable (the mark still goes). */
  file: string | undefined;
  /** When it was finished (ms): age counts from here. */
  endedAt: number;
}

/** Where the items of one kind live and how their rows are marked once their files are gone. */
export interface RetainedKind {
  /** Finished items whose files have not been pruned. */
  list(): Promise<StoredItem[]>;
  /** Marks the rows of removed files (idempotent). */
  markPruned(ids: number[]): Promise<void>;
}

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

/**
 * The ids to prune: every item older than the age limit, then the oldest others until the rest
 * fit in the size limit.
 */
export function choosePruned(
  items: ReadonlyArray<StoredItem & { size: number }>,
  policy: RetentionPolicy,
  now: number,
): number[] {
  const oldestFirst = [...items].sort((a, b) => a.endedAt - b.endedAt || a.id - b.id);
  const pruned: number[] = [];
  const kept: typeof oldestFirst = [];
  for (const item of oldestFirst) {
    const tooOld = policy.maxAgeDays > 0 && now - item.endedAt > policy.maxAgeDays * DAY_MS;
    if (tooOld) pruned.push(item.id);
    else kept.push(item);
  }
  if (policy.maxMb > 0) {
    let total = kept.reduce((sum, item) => sum + item.size, 0);
    for (const item of kept) {
      if (total <= policy.maxMb * MB) break;
      pruned.push(item.id);
      total -= item.size;
    }
  }
  return pruned;
}

const sizeOf = (file: string | undefined) =>
  file
    ? fs.promises.stat(file).then(
        (s) => s.size,
        () => 0,
      )
    : Promise.resolve(0);

/**
 * One pass: removes the files chosen by `choosePruned`, then marks their rows. A file already
 * gone is fine, so a pass cut off halfway is finished by the next one. Answers how many went.
 */
export async function pruneOnce(
  kind: RetainedKind,
  policy: RetentionPolicy,
  now: number,
): Promise<number> {
  if (policy.maxAgeDays === 0 && policy.maxMb === 0) return 0;
  const items = await kind.list();
  const sized = await Promise.all(items.map(async (i) => ({ ...i, size: await sizeOf(i.file) })));
  const ids = choosePruned(sized, policy, now);
  if (ids.length === 0) return 0;
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const id of ids) {
    const file = byId.get(id)?.file;
    if (file) await fs.promises.rm(file, { force: true });
  }
  await kind.markPruned(ids);
  return ids.length;
}

/** How often the console prunes while it runs (it also prunes when it starts). */
export const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Prunes now and every `everyMs`; passes never overlap; `stop()` waits for a pass under way. A
 * failed pass is logged as `what` failed ("pruning server metrics failed").
 */
export function schedulePruning(
  pass: () => Promise<unknown>,
  log: { error(obj: object, msg: string): void },
  what: string,
  everyMs = PRUNE_EVERY_MS,
): Ticker {
  return startTicker(pass, { everyMs, log, what });
}

/**
 * `schedulePruning` for a console that may share its database: the pass `name` runs at start and
 * every hour, by one console of those on the database at a time (`oncePerPeriod`).
 */
export function scheduleSharedPruning(
  deps: { db: Db; clock: Clock; log: { error(obj: object, msg: string): void } },
  name: string,
  pass: () => Promise<unknown>,
  what: string,
): Ticker {
  return schedulePruning(oncePerPeriod(deps, name, PRUNE_EVERY_MS, pass), deps.log, what);
}
