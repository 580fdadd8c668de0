import type { SftpEntry } from '@ferry/contract';
import type { FileEntryWithStats } from 'ssh2';
import { isLinkMode } from '../../core/file-mode.js';
import { entryOf, type LinkFacts } from './remote-entry.js';
import { joinRemote, type SftpOps } from './sftp-ops.js';
import { mapBounded } from '../../core/map-bounded.js';

/** Links of one batch resolved at once (readlink and stat each), at most this many together. */
const LINK_CONCURRENCY = 16;

/** How a listing in progress is told to stop early (a newer request, a closed socket). */
export interface Cancellation {
  readonly cancelled: boolean;
}

/** Where a link points and whether it leads to a directory; a broken link leads nowhere. */
async function linkFacts(ops: SftpOps, path: string): Promise<LinkFacts> {
  const [target, followed] = await Promise.all([
    ops.readlink(path).catch(() => ''),
    ops.stat(path).catch(() => undefined),
  ]);
  return { target, toDir: followed?.isDirectory() ?? false };
}

async function entriesOf(ops: SftpOps, dir: string, raw: FileEntryWithStats[]) {
  const links = raw.filter((e) => isLinkMode(e.attrs.mode));
  const facts = await mapBounded(links, LINK_CONCURRENCY, (e) =>
    linkFacts(ops, joinRemote(dir, e.filename)),
  );
  const byName = new Map(links.map((e, i) => [e.filename, facts[i]]));
  return raw.map((e) => entryOf(e.filename, e.longname, e.attrs, byName.get(e.filename)));
}

/**
 * Reads directory `dir` the way the server hands it out (OpenSSH: about 100 entries per reply)
 * and passes each reply's entries to `onRows` as soon as they are ready, so the first rows of a
 * large directory go out at once. The next reply is asked for while the current one's links are
 * resolved. Stops early when `cancellation` says so. Resolves the number of entries read.
 */
export async function readDirectory(
  ops: SftpOps,
  dir: string,
  onRows: (rows: SftpEntry[]) => Promise<void>,
  cancellation: Cancellation = { cancelled: false },
): Promise<number> {
  const handle = await ops.opendir(dir);
  let total = 0;
  try {
    let pending = ops.readdir(handle);
    for (;;) {
      const raw = await pending;
      if (!raw || cancellation.cancelled) break;
      pending = ops.readdir(handle);
      // A failure of the read ahead surfaces at the next await; never as an unhandled rejection.
      pending.catch(() => undefined);
      const rows = await entriesOf(ops, dir, raw);
      total += rows.length;
      await onRows(rows);
    }
  } finally {
    await ops.close(handle).catch(() => undefined);
  }
  return total;
}
