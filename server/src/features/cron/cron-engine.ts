import type { Clock } from '../../core/clock.js';
import { startTicker, type Ticker } from '../../infra/jobs/ticker.js';
import type { CronFenceRepository } from './cron-fence.repository.js';
import type { CronReader } from './cron-reader.js';

/** Run records of a server with enabled jobs are read this often. */
export const CRON_READ_INTERVAL_MS = 60_000;
/** How long a console holds a server it reads; a read ends well within it. */
const READ_LEASE_MS = 60_000;
/** Seconds a scheduled read may take. */
const READ_TIMEOUT_S = 30;

export interface CronEngineOptions {
  /** True: the engine does not run with the app; reads happen on `readDue` (tests). */
  manual?: boolean;
  /** How often due servers are looked for (default 5 s). */
  tickMs?: number;
}

/**
 * The scheduled read of run records: every tick it reads the servers with an enabled job whose
 * read is due, each taken with one conditional update on the due time read (`createDueClaims`),
 * so of several consoles on one database one reads a due time. A failed read is kept as the
 * server's `read_error` and tried again at the next due time.
 */
export function createCronEngine(
  deps: {
    fences: CronFenceRepository;
    reader: CronReader;
    clock: Clock;
    owner: string;
    log: { error(o: object, m: string): void };
  },
  options: CronEngineOptions = {},
) {
  const { fences, clock, owner } = deps;
  let ticker: Ticker | undefined;

  async function readOne(serverId: number, namespaceId: number): Promise<void> {
    try {
      await deps.reader.read(namespaceId, serverId, AbortSignal.timeout(READ_TIMEOUT_S * 1000));
      await fences.readError(serverId, '');
    } catch (err) {
      await fences.readError(serverId, err instanceof Error ? err.message : String(err));
    } finally {
      await fences.release(serverId, owner);
    }
  }

  async function readDue(): Promise<void> {
    const now = clock.now();
    const due = await fences.due(now, 16);
    const taken: Promise<void>[] = [];
    for (const d of due) {
      const lease = { owner, until: now + READ_LEASE_MS, now };
      const after = d.next_read + CRON_READ_INTERVAL_MS;
      const next = after > now ? after : now + CRON_READ_INTERVAL_MS;
      if (await fences.take(d.server_id, d.next_read, next, lease)) {
        taken.push(readOne(d.server_id, d.namespace_id));
      }
    }
    await Promise.all(taken);
  }

  return {
    readDue,
    start() {
      if (options.manual) return;
      ticker ??= startTicker(readDue, {
        everyMs: options.tickMs ?? 5000,
        log: deps.log,
        what: 'cron run reads',
      });
    },
    async stop() {
      await ticker?.stop();
      ticker = undefined;
    },
  };
}

export type CronEngine = ReturnType<typeof createCronEngine>;
