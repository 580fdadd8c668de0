import { posix } from 'node:path';
import type { SFTPWrapper, Stats } from 'ssh2';
import { RemoteFileReader } from '../sftp/remote-file-reader.js';
import { sftpCalls } from '../sftp/sftp-calls.js';
import type { SourceEntry, TreeSource } from './tree-mirror.js';

/**
 * The tree under `root` on an SFTP server. Links are followed as goploy follows them, but only to
 * what lies inside the tree: SECURITY: a link leading out of it (to `/etc`, to another project's
 * files) is skipped with a line in `log`, so the source cannot pull in what its owner did not put
 * in the tree; a directory reached twice (a link loop) is listed once.
 */
export function sftpTreeSource(
  sftp: SFTPWrapper,
  root: string,
  log: (line: string) => void,
): TreeSource {
  const calls = sftpCalls(sftp);
  return {
    async list(signal) {
      const realRoot = await calls.realpath(root);
      const inside = (real: string) => real === realRoot || real.startsWith(`${realRoot}/`);
      const found = new Map<string, SourceEntry>();
      const seenDirs = new Set([realRoot]);
      const pending = [''];
      while (pending.length > 0) {
        signal.throwIfAborted();
        const dirRel = pending.shift()!;
        const list = await calls.readdir(dirRel === '' ? root : posix.join(root, dirRel));
        for (const { filename, attrs } of list) {
          if (filename === '.' || filename === '..') continue;
          const rel = dirRel === '' ? filename : `${dirRel}/${filename}`;
          if (/[/\0]/.test(filename)) {
            log(`skipped ${JSON.stringify(rel)}: not a usable file name`);
            continue;
          }
          let stats: Stats = attrs;
          if (attrs.isSymbolicLink()) {
            const real = await calls.realpath(posix.join(root, rel)).catch(() => '');
            if (!real || !inside(real)) {
              log(`skipped link ${rel}: it leads outside ${root}`);
              continue;
            }
            stats = await calls.stat(real);
            if (stats.isDirectory()) {
              if (seenDirs.has(real)) {
                log(`skipped link ${rel}: it leads back into the tree`);
                continue;
              }
              seenDirs.add(real);
            }
          }
          if (stats.isDirectory()) {
            found.set(rel, { kind: 'dir', size: 0, mtime: stats.mtime });
            pending.push(rel);
          } else if (stats.isFile()) {
            found.set(rel, { kind: 'file', size: stats.size, mtime: stats.mtime });
          } else {
            log(`skipped ${rel}: not a file or a directory`);
          }
        }
      }
      return found;
    },
    read: (rel) => Promise.resolve(new RemoteFileReader(sftp, posix.join(root, rel))),
  };
}
