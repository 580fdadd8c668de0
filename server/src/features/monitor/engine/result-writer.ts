import type { CheckRecord, MonitorRepository, RollupRecord } from '../monitor.repository.js';

/** The spans results are rolled up by: a minute and an hour (seconds). */
export const ROLLUP_SPANS = [60, 3600] as const;

/** Longest a message of a failed check is kept. */
const MESSAGE_MAX = 1024;

/**
 * Results are written in batches: kept in memory and written, with their roll-ups summed per
 * minute and hour, at most every `everyMs` (or at once when `max` are waiting), in one
 * transaction. A console that dies loses the results of its last `everyMs` alone; the monitor's
 * state is written by each check on its own.
 */
export function createResultWriter(
  repo: Pick<MonitorRepository, 'writeResults'>,
  o: { everyMs: number; max: number; log: { error(o: object, m: string): void } },
) {
  let pending: CheckRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return writing;
    writing = writing
      .then(() => repo.writeResults(batch, rollupsOf(batch)))
      .catch((err: unknown) => o.log.error({ err }, 'writing monitor results failed'));
    return writing;
  }

  return {
    add(monitorId: number, time: number, ok: boolean, latencyMs: number, message: string): void {
      pending.push({
        monitor_id: monitorId,
        time,
        ok: ok ? 1 : 0,
        latency_ms: Math.max(0, Math.round(latencyMs)),
        message: ok ? null : message.slice(0, MESSAGE_MAX),
      });
      if (pending.length >= o.max) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), o.everyMs);
        timer.unref();
      }
    },
    /** Writes what waits; resolves when every batch so far is written. */
    flush,
  };
}

/** The roll-up rows of a batch, summed per monitor, span and bucket. */
export function rollupsOf(checks: readonly CheckRecord[]): RollupRecord[] {
  const sums = new Map<string, RollupRecord>();
  for (const c of checks) {
    for (const span of ROLLUP_SPANS) {
      const time = Math.floor(c.time / (span * 1000)) * span * 1000;
      const key = `${c.monitor_id}:${span}:${time}`;
      const r = sums.get(key);
      if (!r) {
        sums.set(key, {
          monitor_id: c.monitor_id,
          span,
          time,
          checks: 1,
          failures: c.ok ? 0 : 1,
          latency_min: c.latency_ms,
          latency_sum: c.latency_ms,
          latency_max: c.latency_ms,
        });
      } else {
        r.checks += 1;
        r.failures += c.ok ? 0 : 1;
        r.latency_min = Math.min(r.latency_min, c.latency_ms);
        r.latency_sum += c.latency_ms;
        r.latency_max = Math.max(r.latency_max, c.latency_ms);
      }
    }
  }
  return [...sums.values()];
}
