import { posix } from 'node:path';
import type { Stats } from 'ssh2';
import type { SftpCalls } from './sftp-calls.js';

/** One entry of a remote tree, its path relative to the tree's root ('' is the root). */
export type RemoteEntry =
  | { kind: 'dir'; path: string; mode: number }
  | { kind: 'file'; path: string; mode: number; size: number }
  | { kind: 'link'; path: string; target: string };

/** Permission bits (with setuid, setgid, sticky) of a mode. */
const permissions = (attrs: Stats) => attrs.mode & 0o7777;

/**
 * Every directory, regular file and symbolic link under `root` (a directory), read over SFTP
 * without following links, each directory before what it holds. Other kinds (sockets, pipes,
 * devices) are left out: they cannot be copied as bytes.
 */
export async function walkRemoteTree(calls: SftpCalls, root: string): Promise<RemoteEntry[]> {
  const rootStats = await calls.stat(root);
  const entries: RemoteEntry[] = [{ kind: 'dir', path: '', mode: permissions(rootStats) }];
  const pending = [''];
  while (pending.length > 0) {
    const dir = pending.shift()!;
    const list = await calls.readdir(posix.join(root, dir));
    list.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
    for (const { filename, attrs } of list) {
      const path = dir === '' ? filename : `${dir}/${filename}`;
      if (attrs.isDirectory()) {
        entries.push({ kind: 'dir', path, mode: permissions(attrs) });
        pending.push(path);
      } else if (attrs.isFile()) {
        entries.push({ kind: 'file', path, mode: permissions(attrs), size: attrs.size });
      } else if (attrs.isSymbolicLink()) {
        entries.push({ kind: 'link', path, target: await calls.readlink(posix.join(root, path)) });
      }
    }
  }
  return entries;
}
