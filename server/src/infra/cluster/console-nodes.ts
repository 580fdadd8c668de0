import os from 'node:os';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { startTicker, type Ticker } from '../jobs/ticker.js';

/** How often a console says it is alive. */
export const HEARTBEAT_MS = 5_000;
/** A console not heard from for this long is down. */
export const NODE_DOWN_MS = 30_000;
/** A console down for this long leaves the list. */
const FORGET_MS = 7 * 86_400_000;

export interface ConsoleNode {
  id: string;
  host: string;
  pid: number;
  version: string;
  started: number;
  lastSeen: number;
  draining: boolean;
  up: boolean;
  /** Jobs it runs now (deploys, by publish token). */
  running: Array<{ kind: string; token: string; since: number }>;
}

/**
 * The console's row in `console_node`, renewed every few seconds while it runs, and the list of
 * every console on the database for the "Consoles" panel.
 */
export function createConsoleNodes(deps: {
  db: Db;
  clock: Clock;
  id: string;
  version: string;
  log: { error(obj: object, msg: string): void };
}) {
  const { db, clock, id } = deps;
  let ticker: Ticker | undefined;

  const beat = async () => {
    const now = clock.now();
    await db.updateTable('console_node').set({ last_seen: now }).where('id', '=', id).execute();
    await db
      .deleteFrom('console_node')
      .where('last_seen', '<', now - FORGET_MS)
      .execute();
  };

  return {
    id,
    /** Writes this console's row (again, after a restart) and starts its heartbeat. */
    async start(): Promise<void> {
      const now = clock.now();
      const row = { host: os.hostname(), pid: process.pid, version: deps.version, started: now };
      await db
        .insertInto('console_node')
        .values({ id, ...row, last_seen: now, draining: 0 })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, last_seen: now, draining: 0 }))
        .execute();
      ticker = startTicker(beat, { everyMs: HEARTBEAT_MS, log: deps.log, what: 'heartbeat' });
    },
    /** It stopped taking new work (the panel says "draining"). */
    async draining(): Promise<void> {
      await db.updateTable('console_node').set({ draining: 1 }).where('id', '=', id).execute();
    },
    /** A clean stop: the row goes. */
    async stop(): Promise<void> {
      await ticker?.stop();
      await db.deleteFrom('console_node').where('id', '=', id).execute();
    },
    async list(): Promise<ConsoleNode[]> {
      const now = clock.now();
      const rows = await db.selectFrom('console_node').selectAll().orderBy('started').execute();
      const jobs = await db
        .selectFrom('job')
        .select(['lease_owner', 'kind', 'token', 'start_time'])
        .where('status', '=', 'running')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        host: r.host,
        pid: r.pid,
        version: r.version,
        started: r.started,
        lastSeen: r.last_seen,
        draining: r.draining === 1,
        up: now - r.last_seen < NODE_DOWN_MS,
        running: jobs
          .filter((j) => j.lease_owner === r.id)
          .map((j) => ({ kind: j.kind, token: j.token, since: j.start_time ?? 0 })),
      }));
    },
  };
}

export type ConsoleNodes = ReturnType<typeof createConsoleNodes>;
