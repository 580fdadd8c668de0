import fs from 'node:fs';
import path from 'node:path';
import type { SshdServer } from './sshd-fleet.js';

/** The login user's home directory of `sshd`, as the test (root) sees it. */
export const homeOf = (sshd: SshdServer) => path.join(sshd.dir, 'home');

/**
 * A fresh directory in the login user's home, owned by that user, for one test's files. The
 * server sees it at the same path: the sshd runs on this machine.
 */
export function scratchDir(sshd: SshdServer, prefix = 'case-'): string {
  const dir = fs.mkdtempSync(path.join(homeOf(sshd), prefix));
  fs.chownSync(dir, sshd.uid, sshd.uid);
  return dir;
}

/** Writes `content` to `file`, owned by the login user (so the user may change it). */
export function userFile(sshd: SshdServer, file: string, content: string | Buffer, mode = 0o644) {
  fs.writeFileSync(file, content, { mode });
  fs.chmodSync(file, mode);
  fs.chownSync(file, sshd.uid, sshd.uid);
}

/** Makes directory `dir` and the missing ones on its way, all owned by the login user. */
export function userDir(sshd: SshdServer, dir: string) {
  const first = fs.mkdirSync(dir, { recursive: true });
  if (first === undefined) return;
  for (let d = dir; d.length >= first.length; d = path.dirname(d)) {
    fs.chownSync(d, sshd.uid, sshd.uid);
  }
}

/** Every name below `dir`, recursively, sorted: what a test proves was or was not touched. */
export function treeOf(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}
