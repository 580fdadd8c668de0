import { randomBytes } from 'node:crypto';
import { baseName, joinRemote, parentOf, type SftpOps } from './sftp-ops.js';

/** Temporary names keep at most this much of the file's own name (names hold 255 bytes). */
const MAX_KEPT_NAME_BYTES = 200;

/** `.<name>.ferry-edit-<random>` beside `target`: hidden, and never taken by another writer. */
function tempPathFor(target: string): string {
  const name = baseName(target);
  const kept = Buffer.byteLength(name) <= MAX_KEPT_NAME_BYTES ? `.${name}` : '';
  return joinRemote(parentOf(target), `${kept}.ferry-edit-${randomBytes(6).toString('hex')}`);
}

/**
 * Replaces `target` with `bytes` so that a reader sees the old file or the new one, never a part:
 * the bytes go to a temporary file beside it, which gets `mode`, and is then renamed over it.
 * `beforeReplace` may still refuse (the file changed meanwhile). The temporary file is removed
 * when anything fails.
 */
export async function writeAtomically(
  ops: SftpOps,
  opts: { target: string; bytes: Buffer; mode: number; beforeReplace: () => Promise<void> },
): Promise<void> {
  const temp = tempPathFor(opts.target);
  const handle = await ops.open(temp, 'wx', opts.mode);
  try {
    try {
      await ops.write(handle, opts.bytes);
      // The server's umask applied at creation; the old file's mode is what it had.
      await ops.fchmod(handle, opts.mode);
    } finally {
      await ops.close(handle);
    }
    await opts.beforeReplace();
    await ops.replace(temp, opts.target);
  } catch (err) {
    await ops.unlink(temp).catch(() => undefined);
    throw err;
  }
}
