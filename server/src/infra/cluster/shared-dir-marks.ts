import fs from 'node:fs';
import path from 'node:path';

/** Where each console leaves its mark in the shared dir. */
const MARKS = 'consoles';

/**
 * Leaves this console's mark in its shared dir (`FERRY_SHARED_DIR`, else the data dir). A console
 * that finds another's mark in its own shared dir shares the directory with it: each reads the
 * deploy logs and recordings the other writes.
 */
export function markSharedDir(sharedDir: string, consoleId: string): void {
  const dir = path.join(sharedDir, MARKS);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, consoleId), '', { mode: 0o600 });
}

/** Takes the mark away (a clean stop: the console's row goes too). */
export function unmarkSharedDir(sharedDir: string, consoleId: string): void {
  fs.rmSync(path.join(sharedDir, MARKS, consoleId), { force: true });
}

/** Whether console `consoleId` left its mark in this shared dir. */
export function sharesDir(sharedDir: string, consoleId: string): boolean {
  // A console id is a UUID of the console's own making, read from the database: never a path.
  if (!/^[\w-]+$/.test(consoleId)) return false;
  return fs.existsSync(path.join(sharedDir, MARKS, consoleId));
}
