import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How long a key may be before it is cut (an IPv6 address and a long route fit). */
const MAX_KEY = 255;

/**
 * The rate limits' store (`@fastify/rate-limit`'s store interface), counted in the database: an
 * address gets the same number of tries over every console on the database as on one (decision
 * 0044). Fixed windows per route and address: one upsert per request, which starts a new window
 * once the last one is over.
 */
export function databaseRateStore(db: Db, clock: Clock) {
  return class DatabaseRateStore implements FastifyRateLimitStore {
    constructor(
      readonly options: FastifyRateLimitOptions,
      private readonly route = '',
    ) {}

    incr(key: string, done: Done, timeWindow?: number, _max?: number): void {
      const now = clock.now();
      const window = timeWindow ?? 60_000;
      const id = `${this.route}|${key}`.slice(0, MAX_KEY);
      sql<{ count: number; reset_at: number | string }>`
        insert into rate_count (key, count, reset_at) values (${id}, 1, ${now + window})
        on conflict (key) do update set
          count = case when rate_count.reset_at <= ${now} then 1 else rate_count.count + 1 end,
          reset_at = case when rate_count.reset_at <= ${now} then ${now + window}
            else rate_count.reset_at end
        returning count, reset_at`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0]!;
          done(null, { current: Number(row.count), ttl: Number(row.reset_at) - now });
        })
        .catch((err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
    }

    child(
      routeOptions: FastifyRateLimitOptions & {
        routeInfo?: { method?: string | string[]; url?: string };
      },
    ) {
      const info = routeOptions.routeInfo;
      return new DatabaseRateStore(
        routeOptions,
        `${[info?.method ?? ''].flat().join(',')} ${info?.url ?? ''}`,
      );
    }
  };
}

/** Removes the counters whose window is over (the tidy pass, hourly). */
export async function pruneRateCounts(db: Db, now: number): Promise<void> {
  await db.deleteFrom('rate_count').where('reset_at', '<=', now).execute();
}
