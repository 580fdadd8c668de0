import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Tables whose rows are claimed by a lease: `lease_owner` and `lease_until` (epoch ms). */
export type LeasedTable = {
  [K in keyof Database]: Database[K] extends { lease_owner: string; lease_until: number }
    ? K
    : never;
}[keyof Database];

/**
 * The one scheduler claim. A row is taken by one conditional update, so of several consoles on one
 * database (or one console and itself after a restart) exactly one wins it; a lease that was never
 * released (the console died mid-work) expires and the row can be claimed again.
 */
export function createLeases(db: Db, table: LeasedTable, owner: string) {
  return {
    /** True when this owner now holds the row until `now + ms`. */
    async claim(id: number, now: number, ms: number): Promise<boolean> {
      const r = await sql`update ${sql.table(table)}
        set lease_owner = ${owner}, lease_until = ${now + ms}
        where id = ${id} and lease_until <= ${now}`.execute(db);
      return Number(r.numAffectedRows ?? 0) === 1;
    },
    /** Gives the row up, if this owner still holds it. */
    async release(id: number): Promise<void> {
      await sql`update ${sql.table(table)} set lease_owner = '', lease_until = 0
        where id = ${id} and lease_owner = ${owner}`.execute(db);
    },
    owner,
  };
}

export type Leases = ReturnType<typeof createLeases>;
