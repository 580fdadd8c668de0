import fs from 'node:fs';
import path from 'node:path';
import type { RepositoryEntry } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import { modeString } from '../../core/file-mode.js';
import { isInside } from './copy-paths.js';

/**
 * Whether link `linkPath` leads to a directory inside the copy at `root`, so the browser may
 * open it. SECURITY: a link that leads out (or nowhere) is listed as what it is and never
 * followed: only its own facts are shown.
 */
async function linksToDirInside(root: string, linkPath: string): Promise<boolean> {
  try {
    const real = await fs.promises.realpath(linkPath);
    if (!isInside(root, real)) return false;
    return (await fs.promises.stat(real)).isDirectory();
  } catch {
    return false;
  }
}

/** Entry `name` of directory `dir` (a pinned path), by its own `lstat`. */
export async function entryOf(root: string, dir: string, name: string): Promise<RepositoryEntry> {
  const full = path.join(dir, name);
  const st = await fs.promises.lstat(full);
  const isLink = st.isSymbolicLink();
  return {
    name,
    size: st.size,
    mode: modeString(st.mode),
    modTime: formatTime(st.mtimeMs),
    isDir: isLink ? await linksToDirInside(root, full) : st.isDirectory(),
    isLink,
    linkTarget: isLink ? await fs.promises.readlink(full) : '',
  };
}

/** Directories first, then by name as stored (byte order, as `ls` with `LC_ALL=C`). */
export function sortEntries(entries: RepositoryEntry[]): RepositoryEntry[] {
  return entries.sort((a, b) =>
    a.isDir === b.isDir ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.isDir ? -1 : 1,
  );
}
