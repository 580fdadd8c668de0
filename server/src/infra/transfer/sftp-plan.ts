import type { PathFilter } from './sftp-options.js';
import type { LocalEntry, RemoteEntry } from './sftp-trees.js';

/** What one sync does, by relative path; computed before anything on the server changes. */
export interface SftpPlan {
  /** Files, links and special files to remove (`--delete`). */
  deleteFiles: string[];
  /** Dirs to remove, deepest first (`--delete`); each is empty once `deleteFiles` are gone. */
  deleteDirs: string[];
  /** Dirs `--delete` would remove but that hold excluded paths: left, as rsync leaves them. */
  keptDirs: string[];
  /** Dirs to create, parents first; `replace` when a file or link is in the way. */
  makeDirs: { rel: string; replace: boolean }[];
  /** Files to upload: missing on the server, or not the `same` (by default: size and second). */
  uploads: string[];
  unchanged: number;
}

/**
 * Compares the source with the server. Paths the filter does not select are never touched.
 * @throws Error when the server has a directory where the source has a file and `--delete` is
 * off (or the directory holds excluded paths): replacing it would mean deleting.
 */
export function planSync(
  local: ReadonlyMap<string, LocalEntry>,
  remote: ReadonlyMap<string, RemoteEntry>,
  filter: PathFilter,
  withDelete: boolean,
  same: (rel: string, entry: LocalEntry, there: RemoteEntry) => boolean = sameSizeAndSecond,
): SftpPlan {
  const doomed = withDelete ? extras(local, remote, filter) : new Set<string>();
  const deleteDirs = [...doomed].filter((rel) => remote.get(rel)!.kind === 'dir');
  const keptDirs = deleteDirs.filter((dir) => holdsKeptPath(dir, remote, doomed));
  // The kept path is under every ancestor too, so those are kept as well.
  for (const dir of keptDirs) doomed.delete(dir);
  const plan: SftpPlan = {
    deleteFiles: [...doomed].filter((rel) => remote.get(rel)!.kind !== 'dir'),
    deleteDirs: deleteDirs.filter((rel) => doomed.has(rel)).sort(byDepth(-1)),
    keptDirs: keptDirs.sort(),
    makeDirs: [],
    uploads: [],
    unchanged: 0,
  };
  for (const [rel, entry] of [...local].sort(([a], [b]) => byDepth(1)(a, b))) {
    const there = doomed.has(rel) ? undefined : remote.get(rel);
    if (entry.kind === 'dir') {
      if (there?.kind !== 'dir') plan.makeDirs.push({ rel, replace: there !== undefined });
    } else if (there?.kind === 'dir') {
      throw new Error(
        `The server has a directory at ${rel} where the source has a file; remove it or use --delete`,
      );
    } else if (there?.kind === 'file' && same(rel, entry, there)) {
      plan.unchanged++;
    } else {
      plan.uploads.push(rel);
    }
  }
  return plan;
}

/** Without a manifest: the size and the modification second, as the server reports them. */
function sameSizeAndSecond(_rel: string, entry: LocalEntry, there: RemoteEntry): boolean {
  return there.size === entry.size && there.mtime === entry.mtime;
}

/** Selected server paths the source lacks, and server dirs where the source has a file. */
function extras(
  local: ReadonlyMap<string, LocalEntry>,
  remote: ReadonlyMap<string, RemoteEntry>,
  filter: PathFilter,
): Set<string> {
  const doomed = new Set<string>();
  for (const [rel, entry] of remote) {
    if (!filter.selected(rel)) continue;
    const mine = local.get(rel);
    if (!mine || (mine.kind === 'file' && entry.kind === 'dir')) doomed.add(rel);
  }
  // Whatever lies under a doomed dir goes with it (if selected; the rest keeps the dir).
  for (const rel of remote.keys()) {
    if (!doomed.has(rel) && filter.selected(rel) && hasDoomedAncestor(rel, doomed)) doomed.add(rel);
  }
  return doomed;
}

function hasDoomedAncestor(rel: string, doomed: Set<string>): boolean {
  for (let p = parentOf(rel); p !== ''; p = parentOf(p)) if (doomed.has(p)) return true;
  return false;
}

function holdsKeptPath(dir: string, remote: ReadonlyMap<string, RemoteEntry>, doomed: Set<string>) {
  const prefix = `${dir}/`;
  for (const rel of remote.keys()) if (rel.startsWith(prefix) && !doomed.has(rel)) return true;
  return false;
}

function parentOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i === -1 ? '' : rel.slice(0, i);
}

/** Orders paths by depth (`1`: shallow first, `-1`: deep first), then by name. */
function byDepth(direction: 1 | -1) {
  const depth = (rel: string) => rel.split('/').length;
  return (a: string, b: string) => direction * (depth(a) - depth(b)) || a.localeCompare(b);
}
