import fs from 'node:fs';

/** One process as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  uid: number;
  /** The command name (`comm`), at most 15 characters. */
  name: string;
  /** One-letter state: R, S, D, T, Z (zombie: dead, waiting to be reaped) … */
  state: string;
}

/** Every process currently visible in /proc (processes that vanish while reading are skipped). */
export function listProcesses(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info) out.push(info);
  }
  return out;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (key: string) => new RegExp(`^${key}:\\s*(\\S+)`, 'm').exec(status)?.[1] ?? '';
    return {
      pid,
      ppid: Number(field('PPid')),
      uid: Number(field('Uid')),
      name: field('Name'),
      state: field('State'),
    };
  } catch {
    return undefined;
  }
}

/**
 * The live processes of one uid, optionally only those named `name` (like `pgrep -u uid name`).
 * Zombies are left out: they are dead, only not yet reaped (this VM's PID 1 reaps orphans about
 * a second late, see shared/testing/real-infrastructure.md §0).
 */
export function processesOfUid(uid: number, name?: string): ProcessInfo[] {
  return listProcesses().filter(
    (p) => p.uid === uid && p.state !== 'Z' && (name === undefined || p.name === name),
  );
}

/** Whether a process with this id still exists (zombies count as gone). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z /s.test(stat);
  } catch {
    return false;
  }
}

/** Sends `signal` to each pid that still exists; a process that is already gone is fine. */
export function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Polls until none of `pids` is alive or `timeoutMs` passes; returns the survivors. */
export async function waitForExit(pids: readonly number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    alive = alive.filter(isAlive);
  }
  return alive;
}

/** TERM, then KILL whatever is left after `graceMs`. Only the given pids are touched. */
export async function terminate(pids: readonly number[], graceMs = 1000): Promise<void> {
  signalEach(pids, 'SIGTERM');
  const survivors = await waitForExit(pids, graceMs);
  signalEach(survivors, 'SIGKILL');
  await waitForExit(survivors, graceMs);
}

/**
 * The uid owning the TCP connection from local port `port` to `remotePort` on 127.0.0.1 (from
 * /proc/net/tcp), or undefined. Shows which process made a loopback connection: root for the test
 * itself, the jump user for a connection a jump host's sshd opened. Both ports are needed: one
 * local port serves connections to different servers at once (other tests' among them).
 */
export function tcpSocketOwnerUid(port: number, remotePort: number): number | undefined {
  const loopback = (p: number) => `0100007F:${p.toString(16).toUpperCase().padStart(4, '0')}`;
  const rows = fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1);
  const row = rows
    .map((r) => r.trim().split(/\s+/))
    .find((cols) => cols[1] === loopback(port) && cols[2] === loopback(remotePort));
  return row?.[7] === undefined ? undefined : Number(row[7]);
}

/** Live processes whose whole command line is `cmdline` (arguments joined by spaces). */
export function processesRunning(cmdline: string): number[] {
  return listProcesses()
    .filter((p) => p.state !== 'Z')
    .filter((p) => {
      try {
        const text = fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8');
        return text.split('\0').join(' ').trim() === cmdline;
      } catch {
        return false;
      }
    })
    .map((p) => p.pid);
}
