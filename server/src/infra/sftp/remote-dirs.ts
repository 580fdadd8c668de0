import { posix } from 'node:path';
import { unlessMissing, type SftpCalls } from './sftp-calls.js';

/**
 * Makes directory `dir` and its missing parents, as `mkdir -p` does; an existing directory (or a
 * link to one) is fine, also one another client made meanwhile. Something else in the way fails
 * with the server's own error.
 */
export async function makeDirectories(calls: SftpCalls, dir: string, mode?: number): Promise<void> {
  const missing: string[] = [];
  for (let at = dir; at !== '/'; at = posix.dirname(at)) {
    if (await unlessMissing(calls.stat(at))) break;
    missing.push(at);
  }
  for (const path of missing.reverse()) {
    try {
      await calls.mkdir(path, mode);
    } catch (err) {
      const there = await unlessMissing(calls.stat(path)).catch(() => undefined);
      if (!there?.isDirectory()) throw err;
    }
  }
}
