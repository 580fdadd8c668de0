import fs from 'node:fs';
import path from 'node:path';

/** What the shared dir holds (the data dir, unless several consoles share one): deploy output. */
const SHARED_ENTRIES: ReadonlyArray<readonly [name: string, mode: number]> = [
  ['terminal-log', 0o700],
  ['deploy-log', 0o700],
];

/**
 * What the data dir holds that only the console may read, with the mode each gets: the database
 * and its write-ahead log, the secret key, the console's SSH keys and known hosts, terminal
 * recordings and deploy logs.
 */
const PRIVATE_ENTRIES: ReadonlyArray<readonly [name: string, mode: number]> = [
  ['ferry.db', 0o600],
  ['ferry.db-wal', 0o600],
  ['ferry.db-shm', 0o600],
  ['secret.key', 0o600],
  ['initial-admin-password', 0o600],
  ['ssh', 0o700],
  ['ssh/id_ed25519', 0o600],
  ['ssh/id_ed25519.pub', 0o600],
  ['ssh/known_hosts', 0o600],
  ...SHARED_ENTRIES,
];

/**
 * SECURITY: makes the data dir 0700 (created so, or fixed when an older start left it open) and
 * gives each private entry that exists its mode, so nothing in it is readable by other users of
 * the host. Symbolic links are left alone: chmod would change what they point at.
 */
export function secureDataDir(dataDir: string): void {
  securePrivateDir(dataDir, PRIVATE_ENTRIES);
}

/**
 * SECURITY: the same for the directory several consoles share (`FERRY_SHARED_DIR`): 0700, and
 * its deploy logs and recordings private, like those of a data dir.
 */
export function secureSharedDir(sharedDir: string): void {
  securePrivateDir(sharedDir, SHARED_ENTRIES);
}

function securePrivateDir(
  dir: string,
  entries: ReadonlyArray<readonly [name: string, mode: number]>,
): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  for (const [name, mode] of entries) {
    const entry = path.join(dir, name);
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (stat && !stat.isSymbolicLink() && (stat.mode & 0o777) !== mode) fs.chmodSync(entry, mode);
  }
}

/**
 * Creates `file` empty with mode 0600 unless it exists, so a program that creates it otherwise
 * (SQLite makes 0644 files, and its -wal and -shm files copy the database's mode) finds it
 * private.
 */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
}
