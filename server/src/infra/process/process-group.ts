import fs from 'node:fs';

/**
 * Enough to find a process group again after the console died: its id, when its leader started
 * (clock ticks since boot, /proc/<pid>/stat field 22) and which boot that was. A group id alone
 * could name someone else's group after a reboot or once the number was reused.
 */
export interface ProcessGroupMark {
  pgid: number;
  startTicks: string;
  bootId: string;
}

const GRACE_MS = 2000;
const GONE_WAIT_MS = 5000;

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? '';

/** The fields of /proc/<pid>/stat after the command name (state is the first), or undefined. */
function statFields(pid: number): string[] | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * The mark of a group whose leader is `pid` (a program started as its own group leader), or
 * undefined where /proc cannot tell (not Linux, or it already ended).
 */
export function markProcessGroup(pid: number): ProcessGroupMark | undefined {
  const fields = statFields(pid);
  const boot = bootId();
  if (!fields || !boot) return undefined;
  // Fields after the name start at field 3 (state): start time is field 22.
  return { pgid: pid, startTicks: fields[19] ?? '', bootId: boot };
}

/** The living (not zombie) members of a process group. */
function membersOf(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && fields[0] !== 'Z' && fields[2] === String(pgid)) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Whether the marked group is still the one that was marked. Its leader still running with the
 * same start time, or gone while members remain (Linux does not hand out a number still in use as
 * a group id), means it is; another process under the leader's number means the group ended.
 */
function stillMarked(mark: ProcessGroupMark): boolean {
  if (mark.bootId !== bootId()) return false;
  const leader = statFields(mark.pgid);
  if (leader && leader[0] !== 'Z') return leader[19] === mark.startTicks;
  return membersOf(mark.pgid).length > 0;
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is gone
  }
}

async function goneWithin(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (membersOf(pgid).length > 0) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * Ends what is left of a marked group: SIGTERM, SIGKILL after 2 s, and waits until no member
 * lives. Answers whether anything was left to end; a group that ended or is not the marked one is
 * left alone.
 */
export async function endProcessGroup(mark: ProcessGroupMark): Promise<boolean> {
  if (!stillMarked(mark)) return false;
  signalGroup(mark.pgid, 'SIGTERM');
  if (await goneWithin(mark.pgid, GRACE_MS)) return true;
  signalGroup(mark.pgid, 'SIGKILL');
  await goneWithin(mark.pgid, GONE_WAIT_MS);
  return true;
}

/** Whether the process the mark was taken of (`pgid` being its pid) still runs, not a zombie. */
export function processStillRunning(mark: ProcessGroupMark): boolean {
  if (mark.bootId !== bootId()) return false;
  const fields = statFields(mark.pgid);
  return fields !== undefined && fields[0] !== 'Z' && fields[19] === mark.startTicks;
}
