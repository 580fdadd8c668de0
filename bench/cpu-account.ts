/**
 * Where CPU time went during a measured window, for benchmarks whose parties share the machine's
 * cores: the whole machine (every core, every process, the kernel included), this process's main
 * thread, its other threads (V8's collector helpers and libuv's pool), and the full garbage
 * collections (mark-compact, incremental marking) that ran in it.
 */
import fs from 'node:fs';
import os from 'node:os';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** Busy time of every core since boot, in ms (Linux `/proc/stat`; `undefined` elsewhere). */
export function machineBusyMs(): number | undefined {
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

/**
 * Waits until the machine is quiet: under `maxBusy` of its cores busy over half a second (what an
 * earlier measured step left running, on the machine or on its servers, has ended), or `maxMs`.
 */
export async function machineQuiet(maxBusy = 0.25, maxMs = 20_000): Promise<void> {
  const cores = os.availableParallelism();
  const until = Date.now() + maxMs;
  let before = machineBusyMs();
  if (before === undefined) return;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 500));
    const now = machineBusyMs()!;
    if ((now - before) / (500 * cores) < maxBusy) return;
    before = now;
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

/** CPU ms of a process (`self`) and of its children it has reaped (`children`), from `/proc`. */
export function processCpuMs(pid: number): { self: number; children: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may hold blanks and parentheses.
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // utime stime cutime cstime are fields 14..17, in ticks of 10 ms.
    return { self: (f[11]! + f[12]!) * 10, children: (f[13]! + f[14]!) * 10 };
  } catch {
    return undefined;
  }
}

/**
 * CPU ms of every process named `name` (`comm`) and of the children their first one (the parent
 * of the rest, as PostgreSQL's postmaster is) reaped: what a server of several processes spent,
 * the ones that ended included.
 */
export function processFamilyCpuMs(name: string): number {
  let total = 0;
  const pids = new Set<number>();
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== name) continue;
      pids.add(Number(entry));
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone while reading
    }
  }
  for (const pid of pids) {
    const cpu = processCpuMs(pid);
    if (!cpu) continue;
    total += cpu.self;
    if (!pids.has(parents.get(pid)!)) total += cpu.children;
  }
  return total;
}
