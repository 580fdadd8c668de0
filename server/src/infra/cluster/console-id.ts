import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ID_FILE = 'console-id';

/**
 * This console's id, made at its first start and kept in its data dir: the owner of the leases it
 * takes. Kept, so that a console that restarts knows its own jobs from before and ends them at
 * once instead of waiting for their leases to expire (one console per data dir: `lockDataDir`).
 */
export function readConsoleId(dataDir: string): string {
  const file = path.join(dataDir, ID_FILE);
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (/^[0-9a-f-]{36}$/.test(kept)) return kept;
  const id = randomUUID();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, id + '\n', { mode: 0o600 });
  return id;
}
