import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Tables whose rows are claimed by a lease: `lease_owner` and `lease_until` (epoch ms). */
export type LeasedTable = {
  [K in keyof Database]: Database[K] extends { lease_owner: unknown; lease_until: unknown }
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

/** A lease to take: who holds it, until when, and the time of the claim. */
export interface DueLease {
  owner: string;
  until: number;
  now: number;
}

/**
 * The one scheduler claim for rows due at a time (monitors, metric collections, warning rules):
 * a pass reads the due rows, then takes each with one conditional update on the due time it read
 * (`where <due> = <read>`), which sets the next due time and this console's lease. Of several
 * consoles on one database (or one console and itself after a restart) exactly one takes a due
 * time; an edit that moved the due time meanwhile makes the take fail. `scope` is an extra
 * condition the row must still meet (e.g. `state = 1`).
 */
export function createDueClaims(
  db: Db,
  table: LeasedTable,
  columns: { key: string; due: string; scope?: RawBuilder<unknown> },
) {
  const key = sql.ref(columns.key);
  const scope = columns.scope ? sql`and ${columns.scope}` : sql``;
  return {
    /** True when this owner took due time `read` of row `id`, now due next at `next`. */
    async take(id: number, read: number, next: number, lease: DueLease): Promise<boolean> {
      const r = await sql`update ${sql.table(table)}
        set ${sql.ref(columns.due)} = ${next}, lease_owner = ${lease.owner},
          lease_until = ${lease.until}
        where ${key} = ${id} and ${sql.ref(columns.due)} = ${read}
          and lease_until <= ${lease.now} ${scope}`.execute(db);
      return Number(r.numAffectedRows ?? 0) === 1;
    },
    /** Holds this owner's lease on rows `ids` (work still under way) until `until`. */
    async renew(ids: readonly number[], owner: string, until: number): Promise<void> {
      if (ids.length === 0) return;
      await sql`update ${sql.table(table)} set lease_until = ${until}
        where ${key} in (${sql.join(ids)}) and lease_owner = ${owner}`.execute(db);
    },
    /** Gives row `id` up, if this owner still holds it. */
    async release(id: number, owner: string): Promise<void> {
      await sql`update ${sql.table(table)} set lease_owner = '', lease_until = 0
        where ${key} = ${id} and lease_owner = ${owner}`.execute(db);
    },
  };
}

export type DueClaims = ReturnType<typeof createDueClaims>;
