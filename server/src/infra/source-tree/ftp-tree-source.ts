import { posix } from 'node:path';
import { PassThrough } from 'node:stream';
import { FileType, type Client } from 'basic-ftp';
import type { SourceEntry, TreeSource } from './tree-mirror.js';

/**
 * The tree under `root` on an FTP server, through one logged-in connection (one command at a
 * time, so one download at a time). Times come from the listing when the server sends exact ones
 * (MLSD), else from MDTM per file. SECURITY: a name from the listing that is not one plain path
 * component (`..`, a `/`, NUL), as a hostile server may send, is skipped with a line in `log`; so
 * are links, which FTP cannot resolve safely, and anything that is neither file nor folder.
 */
export function ftpTreeSource(
  client: Client,
  root: string,
  log: (line: string) => void,
): TreeSource {
  /** The download before this one, settled: the client's tasks run one after the other. */
  let previous: Promise<void> = Promise.resolve();
  return {
    parallel: 1,
    async list(signal) {
      const found = new Map<string, SourceEntry>();
      const pending = [''];
      while (pending.length > 0) {
        signal.throwIfAborted();
        const dirRel = pending.shift()!;
        const entries = await client.list(dirRel === '' ? root : posix.join(root, dirRel));
        for (const entry of entries) {
          if (entry.name === '.' || entry.name === '..') continue;
          const rel = dirRel === '' ? entry.name : `${dirRel}/${entry.name}`;
          if (entry.name === '' || /[/\\\0\r\n]/.test(entry.name)) {
            log(`skipped ${JSON.stringify(rel)}: not a usable file name`);
            continue;
          }
          if (entry.type === FileType.Directory) {
            found.set(rel, { kind: 'dir', size: 0, mtime: 0 });
            pending.push(rel);
          } else if (entry.type === FileType.File) {
            const when = entry.modifiedAt ?? (await client.lastMod(posix.join(root, rel)));
            found.set(rel, {
              kind: 'file',
              size: entry.size,
              mtime: Math.floor(when.getTime() / 1000),
            });
          } else {
            log(`skipped ${entry.type === FileType.SymbolicLink ? 'link' : 'entry'} ${rel}`);
          }
        }
      }
      return found;
    },
    read(rel) {
      const out = new PassThrough();
      // The stream ends when the data arrived; the download's task ends later, with the server's
      // reply on the control connection. The next task waits for that reply: the client takes
      // one task at a time and refuses (closing itself) a task started while one runs.
      const download = previous.then(() => client.downloadTo(out, posix.join(root, rel)));
      previous = download.then(
        () => undefined,
        () => undefined,
      );
      download.catch((e: unknown) => {
        // A reply that fails after every byte arrived leaves the file whole.
        if (!out.writableEnded) out.destroy(e instanceof Error ? e : new Error(String(e)));
      });
      return Promise.resolve(out);
    },
  };
}
