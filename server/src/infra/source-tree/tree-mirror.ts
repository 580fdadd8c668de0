import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { forEachLimited } from '../transfer/run-limited.js';

/** A file or directory of a remote source tree. */
export interface SourceEntry {
  kind: 'file' | 'dir';
  size: number;
  /** Modification time, whole seconds (what SFTP and FTP carry). */
  mtime: number;
}

/**
 * A tree on another host (an SFTP or FTP directory) the working copy follows. SECURITY: `list`
 * answers relative posix paths made of real names only (no `.`, `..`, `/` or NUL inside a name),
 * so every local path built from them stays inside the working copy.
 */
export interface TreeSource {
  list(signal: AbortSignal): Promise<Map<string, SourceEntry>>;
  read(rel: string): Promise<Readable>;
  /** Downloads the source serves at once (an FTP connection serves one); default 4. */
  readonly parallel?: number;
}

/** What one mirror did. */
export interface MirrorResult {
  /** sha256 over every path and file digest: the same tree always gives the same id. */
  digest: string;
  files: number;
  added: string[];
  updated: string[];
  removed: string[];
  /** Bytes and files downloaded from the source this time. */
  fetchedBytes: number;
  fetchedFiles: number;
  /** The newest modification time in the tree, epoch seconds (0 for an empty tree). */
  newest: number;
}

/** What the last mirror downloaded, kept beside the working copy (never inside it). */
interface Manifest {
  files: Record<string, { size: number; mtime: number; sha256: string }>;
}

/** Downloads at once: a source tree is mostly small files, where round trips dominate. */
const PARALLEL_DOWNLOADS = 4;

/**
 * Brings `dir` in line with `source`: downloads the files whose size or time differ from what was
 * downloaded last (the manifest `manifestFile` remembers it, with each file's sha256), removes
 * what the source no longer has, and answers the tree's digest and what changed. A file replaced
 * locally (by the project's own files) is downloaded again. Each download lands in a temporary
 * file renamed into place, so an interrupted mirror leaves no half file under its real name.
 */
export async function mirrorTree(
  source: TreeSource,
  dir: string,
  manifestFile: string,
  signal: AbortSignal,
): Promise<MirrorResult> {
  const remote = await source.list(signal);
  const before = readManifest(manifestFile);
  await fs.promises.mkdir(dir, { recursive: true });
  const local = await walkLocal(dir);
  const result: MirrorResult = {
    digest: '',
    files: 0,
    added: [],
    updated: [],
    removed: [],
    fetchedBytes: 0,
    fetchedFiles: 0,
    newest: 0,
  };

  // What the source no longer has (or has as another kind) goes first, deepest paths first.
  const stale = [...local.entries()]
    .filter(([rel, kind]) => remote.get(rel)?.kind !== kind)
    .map(([rel]) => rel)
    .sort((a, b) => b.length - a.length);
  for (const rel of stale) {
    await fs.promises.rm(path.join(dir, rel), { recursive: true, force: true });
    local.delete(rel);
  }

  const after: Manifest = { files: {} };
  const fetch: [string, SourceEntry][] = [];
  for (const [rel, entry] of [...remote.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    result.newest = Math.max(result.newest, entry.mtime);
    if (entry.kind === 'dir') {
      if (!local.has(rel)) await fs.promises.mkdir(path.join(dir, rel), { recursive: true });
      continue;
    }
    result.files++;
    const known = before.files[rel];
    if (known && local.has(rel) && (await unchanged(path.join(dir, rel), entry, known))) {
      after.files[rel] = known;
    } else {
      (known ? result.updated : result.added).push(rel);
      fetch.push([rel, entry]);
    }
  }
  await forEachLimited(fetch, source.parallel ?? PARALLEL_DOWNLOADS, async ([rel, entry]) => {
    signal.throwIfAborted();
    const sha256 = await download(source, rel, path.join(dir, rel), entry, signal);
    after.files[rel] = { size: entry.size, mtime: entry.mtime, sha256 };
    result.fetchedBytes += entry.size;
    result.fetchedFiles++;
  });
  result.removed = Object.keys(before.files)
    .filter((rel) => remote.get(rel)?.kind !== 'file')
    .sort();
  writeManifest(manifestFile, after);
  result.digest = treeDigest(remote, after);
  return result;
}

/** Every path of the working copy with its kind; links and special files count as files. */
async function walkLocal(dir: string): Promise<Map<string, 'file' | 'dir'>> {
  const found = new Map<string, 'file' | 'dir'>();
  const visit = async (rel: string) => {
    const entries = await fs.promises.readdir(rel === '' ? dir : path.join(dir, rel), {
      withFileTypes: true,
    });
    for (const e of entries) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        found.set(child, 'dir');
        await visit(child);
      } else {
        found.set(child, 'file');
      }
    }
  };
  await visit('');
  return found;
}

/** The local file is what was downloaded: same size and time as then, and as the source now. */
async function unchanged(
  file: string,
  entry: SourceEntry,
  known: Manifest['files'][string],
): Promise<boolean> {
  if (known.size !== entry.size || known.mtime !== entry.mtime) return false;
  const st = await fs.promises.lstat(file);
  return st.isFile() && st.size === entry.size && Math.floor(st.mtimeMs / 1000) === entry.mtime;
}

/** Streams one file to a temporary name beside it, then renames it in; answers its sha256. */
async function download(
  source: TreeSource,
  rel: string,
  file: string,
  entry: SourceEntry,
  signal: AbortSignal,
): Promise<string> {
  const temp = path.join(path.dirname(file), `.ferry-part-${randomBytes(6).toString('hex')}`);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const input = await source.read(rel);
    await pipeline(input, hashing, fs.createWriteStream(temp, { mode: 0o644 }), { signal });
    // A transfer cut short (or a file changed while listed) must not pass for the file.
    if (bytes !== entry.size) {
      throw new Error(
        `${rel} came with ${bytes} bytes instead of the ${entry.size} listed: deploy again`,
      );
    }
    await fs.promises.utimes(temp, entry.mtime, entry.mtime);
    await fs.promises.rename(temp, file);
  } catch (e) {
    await fs.promises.rm(temp, { force: true });
    throw e;
  }
  return hash.digest('hex');
}

function treeDigest(remote: Map<string, SourceEntry>, manifest: Manifest): string {
  const hash = createHash('sha256');
  for (const rel of [...remote.keys()].sort()) {
    const entry = remote.get(rel)!;
    hash.update(`${entry.kind}\0${rel}\0${manifest.files[rel]?.sha256 ?? ''}\n`);
  }
  return hash.digest('hex');
}

function readManifest(file: string): Manifest {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
    return { files: typeof parsed.files === 'object' && parsed.files ? parsed.files : {} };
  } catch {
    return { files: {} };
  }
}

function writeManifest(file: string, manifest: Manifest): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, JSON.stringify(manifest), { mode: 0o600 });
  fs.renameSync(temp, file);
}
