import type { Clock } from '../../../core/clock.js';
import { startTicker, type Ticker } from '../../../infra/jobs/ticker.js';
import { collectServer, type CollectDeps } from './collect-server.js';
import type { DueSource, MetricSourceRepository } from './metrics-source.repository.js';

/**
 * How long a console holds a source it collects. A collection ends within its time limit (well
 * below this), so a console that died holds its sources at most this long.
 */
export const PULL_LEASE_MS = 60_000;

export interface PullEngineOptions {
  /** True: the engine does not run with the app; collections happen on `collectDue` (tests). */
  manual?: boolean;
  /** How often due sources are looked for (default 1 s). */
  tickMs?: number;
  /** Collections running at once in this console, at most (default 16). */
  cap?: number;
  /** Seconds one collection may take on its server before it is stopped (default 30). */
  timeoutS?: number;
  /**
   * Told of each collection this console takes, as it starts: the server, the due time taken
   * and the time the collection runs at (tests count them; a benchmark measures the lag).
   */
  observe?: (taken: { serverId: number; due: number; time: number }) => void;
}

export interface PullEngine {
  /** Adds missing sources, claims the sources due now and starts their collections. */
  pass(): Promise<void>;
  /** A pass, then waits for every collection under way, and those they let start (tests). */
  collectDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The pull scheduler. Every `tickMs` it gives every enabled server a source (pull, 60 s) if it
 * has none, reads the due pull sources (not held by a console) and takes each with one
 * conditional update (`where next_collect = <the time read>`, setting the next due time and this
 * console's lease): of several consoles on one database exactly one collects a due time.
 * Collections run concurrently up to `cap`, each stopped at its time limit, so a server that is
 * down delays no other and never the loop.
 */
export function createPullEngine(
  deps: CollectDeps & {
    repo: MetricSourceRepository;
    clock: Clock;
    log: CollectDeps['log'] & { error(o: object, m: string): void };
    owner: string;
  },
  options: PullEngineOptions = {},
): PullEngine {
  const { repo, clock, owner, log } = deps;
  const cap = options.cap ?? 16;
  const timeoutS = options.timeoutS ?? 30;
  const inflight = new Map<number, Promise<void>>();
  let ticker: Ticker | undefined;
  let stopping = false;
  /** The last pass filled every free slot: more sources may be due. */
  let backlog = false;

  /** One interval after the time taken, or after now when that has passed already. */
  const nextTime = (read: number, intervalS: number, now: number) => {
    const next = read + intervalS * 1000;
    return next > now ? next : now + intervalS * 1000;
  };

  // Passes of one console never overlap: one asked for waits for the one under way.
  let passing: Promise<void> = Promise.resolve();
  const pass = (): Promise<void> => (passing = passing.then(claimDue, claimDue));

  async function claimDue(): Promise<void> {
    if (stopping) return;
    const now = clock.now();
    await repo.ensureSources(now);
    const free = cap - inflight.size;
    backlog = free <= 0;
    if (backlog) return;
    const due = await repo.due(now, free);
    backlog = due.length === free;
    for (const d of due) {
      if (inflight.has(d.server_id)) continue;
      const lease = { owner, until: now + PULL_LEASE_MS, now };
      const next = nextTime(d.next_collect, d.interval_s, now);
      if (!(await repo.take(d.server_id, d.next_collect, next, lease))) continue;
      options.observe?.({ serverId: d.server_id, due: d.next_collect, time: now });
      inflight.set(d.server_id, collect(d, now));
    }
  }

  async function collect(d: DueSource, time: number): Promise<void> {
    try {
      const source = { serverId: d.server_id, namespaceId: d.namespace_id };
      await collectServer(deps, source, time, timeoutS);
    } catch (err) {
      log.error({ err, serverId: d.server_id }, 'metrics collection failed');
    } finally {
      await repo.release(d.server_id, owner).catch((err: unknown) => {
        log.error({ err, serverId: d.server_id }, 'metrics source release failed');
      });
      inflight.delete(d.server_id);
      refill();
    }
  }

  /** A pass at once when half the slots are free again and the last pass left sources due. */
  function refill(): void {
    if (!backlog || stopping || inflight.size > cap / 2) return;
    backlog = false;
    void pass().catch((err: unknown) => log.error({ err }, 'metrics collections failed'));
  }

  /** Waits for the passes and collections under way, and those they start in turn. */
  async function settleAll(): Promise<void> {
    for (;;) {
      await passing.catch(() => undefined);
      if (inflight.size === 0) return;
      await Promise.all([...inflight.values()]);
    }
  }

  return {
    pass,
    async collectDue() {
      await pass();
      await settleAll();
    },
    start() {
      stopping = false;
      ticker ??= startTicker(pass, {
        everyMs: options.tickMs ?? 1000,
        log,
        what: 'metrics collections',
      });
    },
    async stop() {
      stopping = true;
      await ticker?.stop();
      ticker = undefined;
      await settleAll();
    },
  };
}
