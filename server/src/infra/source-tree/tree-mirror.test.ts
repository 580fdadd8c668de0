import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SFTPWrapper, Stats } from 'ssh2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileInfo, FileType, type Client } from 'basic-ftp';
import { ftpTreeSource } from './ftp-tree-source.js';
import { sftpTreeSource } from './sftp-tree-source.js';
import { mirrorTree, type SourceEntry, type TreeSource } from './tree-mirror.js';

/** A source held in memory: path → content and time; counts what is read. */
function memorySource(files: Record<string, { content: string; mtime: number }>) {
  const reads: string[] = [];
  let failOn: string | undefined;
  const source: TreeSource = {
    list() {
      const found = new Map<string, SourceEntry>();
      for (const [rel, f] of Object.entries(files)) {
        const parts = rel.split('/');
        for (let i = 1; i < parts.length; i++) {
          found.set(parts.slice(0, i).join('/'), { kind: 'dir', size: 0, mtime: 1 });
        }
        found.set(rel, { kind: 'file', size: Buffer.byteLength(f.content), mtime: f.mtime });
      }
      return Promise.resolve(found);
    },
    read(rel) {
      reads.push(rel);
      if (rel === failOn) {
        return Promise.resolve(
          new Readable({
            read() {
              this.push('half of it');
              this.destroy(new Error('connection lost'));
            },
          }),
        );
      }
      return Promise.resolve(Readable.from([Buffer.from(files[rel]!.content)]));
    },
  };
  return { source, reads, failOn: (rel: string) => (failOn = rel) };
}

let root: string;
let dir: string;
let manifest: string;
const signal = new AbortController().signal;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-mirror-'));
  dir = path.join(root, 'copy');
  manifest = path.join(root, 'copy.source.json');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('mirrorTree', () => {
  it('downloads once, then only what changed, and removes what the source dropped', async () => {
    const files = {
      'a.txt': { content: 'a', mtime: 1000 },
      'lib/b.txt': { content: 'b', mtime: 1000 },
      'lib/c.txt': { content: 'c', mtime: 1000 },
    };
    const m = memorySource(files);
    const first = await mirrorTree(m.source, dir, manifest, signal);
    expect(first).toMatchObject({ files: 3, fetchedFiles: 3, fetchedBytes: 3, newest: 1000 });
    expect(first.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(path.join(dir, 'lib/b.txt'), 'utf8')).toBe('b');
    // The manifest lies beside the copy, never inside what is deployed.
    expect(fs.readdirSync(dir).sort()).toEqual(['a.txt', 'lib']);

    const same = await mirrorTree(m.source, dir, manifest, signal);
    expect(same).toMatchObject({ fetchedFiles: 0, digest: first.digest });

    files['a.txt'] = { content: 'A!', mtime: 2000 };
    delete (files as Record<string, unknown>)['lib/c.txt'];
    const next = await mirrorTree(m.source, dir, manifest, signal);
    expect(next).toMatchObject({ fetchedFiles: 1, updated: ['a.txt'], removed: ['lib/c.txt'] });
    expect(next.digest).not.toBe(first.digest);
    expect(fs.existsSync(path.join(dir, 'lib/c.txt'))).toBe(false);
  });

  it('fetches again a file changed in the copy, and drops files the source never had', async () => {
    const m = memorySource({ 'a.txt': { content: 'a', mtime: 1000 } });
    await mirrorTree(m.source, dir, manifest, signal);
    fs.writeFileSync(path.join(dir, 'a.txt'), 'overwritten by a project file');
    fs.writeFileSync(path.join(dir, 'extra.txt'), 'left by a build');
    const again = await mirrorTree(m.source, dir, manifest, signal);
    expect(again.fetchedFiles).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('a');
    expect(fs.existsSync(path.join(dir, 'extra.txt'))).toBe(false);
  });

  it('leaves no half file under its name when a download breaks, and fetches it next time', async () => {
    const m = memorySource({
      'a.txt': { content: 'a', mtime: 1000 },
      'big.bin': { content: 'the whole file', mtime: 1000 },
    });
    m.failOn('big.bin');
    await expect(mirrorTree(m.source, dir, manifest, signal)).rejects.toThrow('connection lost');
    expect(fs.existsSync(path.join(dir, 'big.bin'))).toBe(false);
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('.ferry-part'))).toEqual([]);
    m.failOn('');
    const again = await mirrorTree(m.source, dir, manifest, signal);
    expect(again.fetchedFiles).toBe(2);
    expect(fs.readFileSync(path.join(dir, 'big.bin'), 'utf8')).toBe('the whole file');
  });

  it('replaces a folder by a file of the same name, and the other way round', async () => {
    const files: Record<string, { content: string; mtime: number }> = {
      'x/inner.txt': { content: 'i', mtime: 1000 },
    };
    const m = memorySource(files);
    await mirrorTree(m.source, dir, manifest, signal);
    delete files['x/inner.txt'];
    files['x'] = { content: 'now a file', mtime: 1000 };
    await mirrorTree(m.source, dir, manifest, signal);
    expect(fs.readFileSync(path.join(dir, 'x'), 'utf8')).toBe('now a file');
  });
});

/** Just enough of an SFTP channel for listing: a fixed tree of names, as a hostile server may send. */
function fakeSftp(tree: Record<string, Array<{ filename: string; kind: 'file' | 'dir' }>>) {
  const stats = (kind: 'file' | 'dir') =>
    ({
      mode: kind === 'dir' ? 0o040755 : 0o100644,
      size: 1,
      mtime: 1000,
      isDirectory: () => kind === 'dir',
      isFile: () => kind === 'file',
      isSymbolicLink: () => false,
    }) as unknown as Stats;
  return Object.assign(new EventEmitter(), {
    realpath: (p: string, cb: (err: Error | undefined, real: string) => void) => cb(undefined, p),
    readdir: (p: string, cb: (err: Error | undefined, list: unknown[]) => void) =>
      cb(
        undefined,
        (tree[p] ?? []).map((e) => ({ filename: e.filename, attrs: stats(e.kind) })),
      ),
  }) as unknown as SFTPWrapper;
}

describe('an SFTP tree', () => {
  it('skips names a hostile server sends that would leave the folder', async () => {
    const lines: string[] = [];
    const sftp = fakeSftp({
      '/src': [
        { filename: '..', kind: 'dir' },
        { filename: '.', kind: 'dir' },
        { filename: '../../etc/cron.d/x', kind: 'file' },
        { filename: 'ok.txt', kind: 'file' },
        { filename: 'a\0b', kind: 'file' },
        { filename: 'sub', kind: 'dir' },
      ],
      '/src/sub': [{ filename: 'inner.txt', kind: 'file' }],
    });
    const listed = await sftpTreeSource(sftp, '/src', (l) => lines.push(l)).list(signal);
    expect([...listed.keys()].sort()).toEqual(['ok.txt', 'sub', 'sub/inner.txt']);
    expect(lines).toHaveLength(2);
  });
});

describe('an FTP tree', () => {
  it('skips names a hostile listing sends that would leave the folder, and links', async () => {
    const entry = (name: string, type: FileType) =>
      Object.assign(new FileInfo(name), {
        type,
        size: 1,
        modifiedAt: new Date(1_000_000),
      });
    const listings: Record<string, FileInfo[]> = {
      '/src': [
        entry('..', FileType.Directory),
        entry('../../etc/cron.d/x', FileType.File),
        entry('..\\..\\boot.ini', FileType.File),
        entry('evil\nname', FileType.File),
        entry('ok.txt', FileType.File),
        entry('to-etc', FileType.SymbolicLink),
        entry('sub', FileType.Directory),
      ],
      '/src/sub': [entry('inner.txt', FileType.File)],
    };
    const client = { list: (p: string) => Promise.resolve(listings[p] ?? []) } as unknown as Client;
    const lines: string[] = [];
    const listed = await ftpTreeSource(client, '/src', (l) => lines.push(l)).list(signal);
    expect([...listed.keys()].sort()).toEqual(['ok.txt', 'sub', 'sub/inner.txt']);
    expect(listed.get('ok.txt')).toEqual({ kind: 'file', size: 1, mtime: 1000 });
    expect(lines).toEqual([
      'skipped "../../etc/cron.d/x": not a usable file name',
      'skipped "..\\\\..\\\\boot.ini": not a usable file name',
      'skipped "evil\\nname": not a usable file name',
      'skipped link to-etc',
    ]);
  });
});
