import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { markProcessGroup, processStillRunning } from '../process/process-group.js';

/** What the lock file says about the console holding the data dir. */
interface Holder {
  pid: number;
  host: string;
  startTicks: string;
  bootId: string;
  started: number;
}

export class DataDirTakenError extends Error {}

const LOCK_FILE = 'console.lock';

/**
 * One console per data dir: two writers on one SQLite file, or two consoles sharing working
 * copies, would corrupt each other. Takes `<dataDir>/console.lock` (created exclusively), or
 * throws DataDirTakenError naming the console that holds it. A lock left by a console that died
 * (its process is gone, or the host rebooted) is taken over. Answers the release, which removes
 * the file if it is still this process's.
 */
export function lockDataDir(dataDir: string, now: number): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mark = markProcessGroup(process.pid);
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    startTicks: mark?.startTicks ?? '',
    bootId: mark?.bootId ?? '',
    started: now,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me) + '\n', { flag: 'wx', mode: 0o600 });
      return () => {
        if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && stillHolds(holder, me.host)) {
      throw new DataDirTakenError(
        `Another console already runs on the data directory ${dataDir}: process ${holder.pid} ` +
          `on ${holder.host}, started ${new Date(holder.started).toISOString()}. ` +
          'Each console needs a data directory of its own (several consoles share one ' +
          'PostgreSQL database, see the README). If that process is gone, remove ' +
          `${file} and start again.`,
      );
    }
    fs.rmSync(file, { force: true }); // left by a console that died
  }
  throw new DataDirTakenError(`could not take ${file}: another console took it meanwhile`);
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return {
      pid: parsed.pid,
      host: parsed.host,
      startTicks: String(parsed.startTicks ?? ''),
      bootId: String(parsed.bootId ?? ''),
      started: Number(parsed.started ?? 0),
    };
  } catch {
    return undefined; // unreadable: half written by a console that died while writing it
  }
}

/** On another host nothing can be checked: the lock holds until someone removes it. */
function stillHolds(holder: Holder, host: string): boolean {
  if (holder.host !== host) return true;
  if (holder.startTicks && holder.bootId) {
    return processStillRunning({
      pgid: holder.pid,
      startTicks: holder.startTicks,
      bootId: holder.bootId,
    });
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch {
    return false;
  }
}
