import fs from 'node:fs/promises';
import path from 'node:path';
import type { PathFilter } from './sftp-options.js';
import type { RemoteFs } from './remote-fs.js';
import { forEachLimited } from './run-limited.js';

/** A file or dir of the source that takes part in the sync. */
export interface LocalEntry {
  kind: 'file' | 'dir';
  abs: string;
  size: number;
  /** Whole seconds, as SFTP carries them. */
  mtime: number;
  /** The same time as the file system keeps it (the manifest compares with this). */
  mtimeMs: number;
  /** Permission bits only. */
  mode: number;
}

/** What the server has at a relative path (as seen without following links). */
export interface RemoteEntry {
  kind: 'file' | 'dir' | 'link' | 'other';
  size: number;
  mtime: number;
}

/**
 * The selected files and dirs under `root` by relative posix path, plus the parent dirs of
 * selected files. Symlinks and special files are skipped with a logged line; excluded dirs are
 * not entered unless an include may reach inside.
 */
export async function walkLocal(
  root: string,
  filter: PathFilter,
  log: (line: string) => void,
): Promise<Map<string, LocalEntry>> {
  const stat = await fs.stat(root).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`The source ${root} cannot be read (${e.code ?? e.message})`, { cause: e });
  });
  if (!stat.isDirectory()) throw new Error(`The source ${root} is not a directory`);
  const found = new Map<string, LocalEntry>();
  const visit = async (dirRel: string): Promise<void> => {
    const dirAbs = dirRel === '' ? root : path.join(root, dirRel);
    const entries = await fs.readdir(dirAbs, { withFileTypes: true });
    const subdirs: string[] = [];
    for (const entry of entries) {
      const rel = dirRel === '' ? entry.name : `${dirRel}/${entry.name}`;
      const selected = filter.selected(rel);
      if (entry.isDirectory()) {
        if (selected || filter.mayIncludeBelow(rel)) subdirs.push(rel);
        if (selected) found.set(rel, await describe(path.join(root, rel), 'dir'));
      } else if (!selected) {
        continue;
      } else if (entry.isFile()) {
        found.set(rel, await describe(path.join(root, rel), 'file'));
        addParents(found, root, rel);
      } else {
        log(`skipped ${entry.isSymbolicLink() ? 'symlink' : 'special file'} ${rel}`);
      }
    }
    await Promise.all(subdirs.map(visit));
  };
  await visit('');
  return found;
}

async function describe(abs: string, kind: LocalEntry['kind']): Promise<LocalEntry> {
  const st = await fs.lstat(abs);
  const mtime = Math.floor(st.mtimeMs / 1000);
  return { kind, abs, size: st.size, mtime, mtimeMs: st.mtimeMs, mode: st.mode & 0o777 };
}

/** A file kept by an include inside an excluded dir still needs its dirs on the server. */
function addParents(found: Map<string, LocalEntry>, root: string, rel: string): void {
  for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir)) {
    if (found.has(dir)) return;
    const abs = path.join(root, dir);
    found.set(dir, { kind: 'dir', abs, size: 0, mtime: 0, mtimeMs: 0, mode: 0o755 });
  }
}

/**
 * What the server has under `destPath`, by relative path. Only real directories for which
 * `descend(rel)` holds are listed; links are reported as links and never followed.
 */
export async function listRemote(
  remote: RemoteFs,
  destPath: string,
  descend: (rel: string) => boolean,
  concurrency: number,
): Promise<Map<string, RemoteEntry>> {
  const found = new Map<string, RemoteEntry>();
  let level = [''];
  while (level.length > 0) {
    const next: string[] = [];
    await forEachLimited(level, concurrency, async (dirRel) => {
      const list = await remote.readdir(dirRel === '' ? destPath : `${destPath}/${dirRel}`);
      for (const { filename, attrs } of list) {
        // SECURITY: a name is one path component; anything else from the server is ignored,
        // so every path built from these stays under destPath.
        if (filename === '.' || filename === '..' || /[/\0]/.test(filename)) continue;
        const rel = dirRel === '' ? filename : `${dirRel}/${filename}`;
        const kind = kindOf(attrs.mode);
        found.set(rel, { kind, size: attrs.size, mtime: attrs.mtime });
        if (kind === 'dir' && descend(rel)) next.push(rel);
      }
    });
    level = next;
  }
  return found;
}

function kindOf(mode: number): RemoteEntry['kind'] {
  switch (mode & 0o170000) {
    case 0o100000:
      return 'file';
    case 0o040000:
      return 'dir';
    case 0o120000:
      return 'link';
    default:
      return 'other';
  }
}
