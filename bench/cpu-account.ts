/**
 * Where CPU time went during a measured window, for benchmarks whose parties share the machine's
 * cores: the whole machine (every core, every process, the kernel included), this process's main
 * thread, its other threads (V8's collector helpers and libuv's pool), and the full garbage
 * collections (mark-compact, incremental marking) that ran in it.
 */
import fs from 'node:fs';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** Busy time of every core since boot, in ms (Linux `/proc/stat`; `undefined` elsewhere). */
function machineBusyMs(): number | undefined {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    // user nice system idle iowait irq softirq …, in clock ticks of 10 ms
    const ticks = cpu.slice(1).map(Number);
    const busy = [0, 1, 2, 5, 6].reduce((sum, i) => sum + (ticks[i] ?? 0), 0);
    return busy * 10;
  } catch {
    return undefined;
  }
}

const FULL_GC = constants.NODE_PERFORMANCE_GC_MAJOR | constants.NODE_PERFORMANCE_GC_INCREMENTAL;
const isFullGc = (e: PerformanceEntry) =>
  (((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0) & FULL_GC) !== 0;

/** User and system time of a `process.cpuUsage()` or `process.threadCpuUsage()`, in ms. */
const usageMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

export interface CpuAccount {
  /** Busy ms of all cores during the window (10 ms resolution), or `undefined`. */
  machineMs: number | undefined;
  /** CPU ms of this process's main thread (user and system). */
  mainMs: number;
  /** CPU ms of this process's other threads. */
  otherThreadsMs: number;
  /** Full collections (or incremental marking steps) that ran in this process. */
  fullGcs: number;
}

/** Starts a window; `end()` closes it and tells where the CPU went. */
export function startCpuAccount(): { end(): CpuAccount } {
  const machine0 = machineBusyMs();
  const all0 = process.cpuUsage();
  const main0 = process.threadCpuUsage();
  let fullGcs = 0;
  const gcs = new PerformanceObserver((list) => {
    fullGcs += list.getEntries().filter(isFullGc).length;
  });
  gcs.observe({ entryTypes: ['gc'] });
  return {
    end() {
      const allMs = usageMs(process.cpuUsage(all0));
      const mainMs = usageMs(process.threadCpuUsage(main0));
      const machine1 = machineBusyMs();
      // Entries are delivered asynchronously: take the ones already queued.
      fullGcs += gcs.takeRecords().filter(isFullGc).length;
      gcs.disconnect();
      return {
        machineMs:
          machine0 === undefined || machine1 === undefined ? undefined : machine1 - machine0,
        mainMs,
        otherThreadsMs: Math.max(0, allMs - mainMs),
        fullGcs,
      };
    },
  };
}

/** The CPU ms a process spent since `since` (a `process.cpuUsage()` taken earlier). */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  return usageMs(process.cpuUsage(since));
}
