import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { forEachLimited } from './run-limited.js';
import type { LocalEntry, RemoteEntry } from './sftp-trees.js';

/** What one sync left at a path of the server: a dir, or a file with its content hash. */
export type ManifestEntry =
  | { kind: 'dir' }
  | {
      kind: 'file';
      size: number;
      /** The source's, to the sub-millisecond. */ mtimeMs: number;
      hash: string;
    };

/** Everything one sync left on the server, by relative posix path. */
export type Manifest = ReadonlyMap<string, ManifestEntry>;

/** sha256 of a local file, base64. */
async function hashFile(abs: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(abs), hash);
  return hash.digest('base64');
}

/** Hashes by path, size and time: every server of a deploy syncs the same working copy. */
const recentHashes = new Map<string, Promise<string>>();
const MAX_RECENT_HASHES = 100_000;

/**
 * The hash of a source file, read once while its path, size and time stay the same (the rule
 * the manifest itself trusts); a failed read is not remembered.
 */
function hashOf(entry: LocalEntry): Promise<string> {
  const key = `${entry.abs}\0${entry.size}\0${entry.mtimeMs}`;
  let hash = recentHashes.get(key);
  if (!hash) {
    if (recentHashes.size >= MAX_RECENT_HASHES) recentHashes.clear();
    hash = hashFile(entry.abs);
    recentHashes.set(key, hash);
    void hash.catch(() => recentHashes.delete(key));
  }
  return hash;
}

/** The server's tree as the manifest says the last sync left it (dirs and files only). */
export function treeOf(manifest: Manifest): Map<string, RemoteEntry> {
  const tree = new Map<string, RemoteEntry>();
  for (const [rel, e] of manifest) {
    tree.set(
      rel,
      e.kind === 'dir'
        ? { kind: 'dir', size: 0, mtime: 0 }
        : { kind: 'file', size: e.size, mtime: 0 },
    );
  }
  return tree;
}

/**
 * Which source files are unchanged since the manifest: the same size and the same modification
 * time (to the sub-millisecond), or the same size and a different time but the same content
 * hash. Hashes computed on the way are answered too, for the next manifest.
 */
export async function unchangedSince(
  manifest: Manifest,
  local: ReadonlyMap<string, LocalEntry>,
  concurrency: number,
): Promise<{ unchanged: Set<string>; hashes: Map<string, string> }> {
  const unchanged = new Set<string>();
  const hashes = new Map<string, string>();
  const toHash: string[] = [];
  for (const [rel, entry] of local) {
    const was = manifest.get(rel);
    if (entry.kind !== 'file' || was?.kind !== 'file' || was.size !== entry.size) continue;
    if (was.mtimeMs === entry.mtimeMs) {
      unchanged.add(rel);
      hashes.set(rel, was.hash);
    } else toHash.push(rel);
  }
  await forEachLimited(toHash, concurrency, async (rel) => {
    const hash = await hashOf(local.get(rel)!);
    hashes.set(rel, hash);
    const was = manifest.get(rel);
    if (was?.kind === 'file' && was.hash === hash) unchanged.add(rel);
  });
  return { unchanged, hashes };
}

/** The manifest of the source as synced: known hashes reused, the others computed. */
export async function manifestOf(
  local: ReadonlyMap<string, LocalEntry>,
  known: ReadonlyMap<string, string>,
  concurrency: number,
): Promise<Map<string, ManifestEntry>> {
  const manifest = new Map<string, ManifestEntry>();
  const files: [string, LocalEntry][] = [];
  for (const [rel, entry] of local) {
    if (entry.kind === 'dir') manifest.set(rel, { kind: 'dir' });
    else files.push([rel, entry]);
  }
  await forEachLimited(files, concurrency, async ([rel, entry]) => {
    const hash = known.get(rel) ?? (await hashOf(entry));
    manifest.set(rel, { kind: 'file', size: entry.size, mtimeMs: entry.mtimeMs, hash });
  });
  return manifest;
}

/** Compact JSON: `{"a/b.js": [size, mtimeMs, hash], "a": 0}` (0 for a dir). */
export function manifestToJson(manifest: Manifest): string {
  const out: Record<string, 0 | [number, number, string]> = {};
  for (const [rel, e] of manifest) out[rel] = e.kind === 'dir' ? 0 : [e.size, e.mtimeMs, e.hash];
  return JSON.stringify(out);
}

/** The manifest stored by `manifestToJson`; undefined when the text is not one. */
export function manifestFromJson(text: string): Manifest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const manifest = new Map<string, ManifestEntry>();
  for (const [rel, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isPlainRelative(rel)) return undefined;
    if (v === 0) manifest.set(rel, { kind: 'dir' });
    else if (
      Array.isArray(v) &&
      typeof v[0] === 'number' &&
      typeof v[1] === 'number' &&
      typeof v[2] === 'string'
    ) {
      manifest.set(rel, { kind: 'file', size: v[0], mtimeMs: v[1], hash: v[2] });
    } else return undefined;
  }
  return manifest;
}

/** SECURITY: a path under the destination: components that are neither empty, `.` nor `..`. */
function isPlainRelative(rel: string): boolean {
  return !rel.includes('\0') && rel.split('/').every((c) => c !== '' && c !== '.' && c !== '..');
}
