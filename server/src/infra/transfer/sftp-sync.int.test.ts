import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { connectSsh } from '../ssh/connect.js';
import { execSsh } from '../ssh/exec.js';
import { shellQuote } from '../ssh/quote.js';
import { sftpSync, type SftpSyncRequest } from './sftp-sync.js';
import { passwordLogin } from '../../../test/sshd-login.js';

let fleet: SshdFleet | undefined;
let server: SshdServer;
let client: Client;
let tmp: string;
let source: string;
let big: string;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  server = fleet.servers[0]!;
  client = await connectSsh(passwordLogin(server));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-sftp-it-'));
  source = path.join(tmp, 'src');
  for (let d = 0; d < 10; d++) {
    const dir = path.join(source, `dir${d}`, `sub ${d}`);
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 20; f++) fs.writeFileSync(path.join(dir, `f${f}.txt`), `${d}/${f}\n`);
  }
  fs.writeFileSync(path.join(source, 'file with spaces.txt'), 'spaced\n');
  fs.writeFileSync(path.join(source, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(path.join(source, 'empty'), '');
  big = path.join(tmp, 'big');
  fs.mkdirSync(big);
  for (let i = 0; i < 30; i++) fs.writeFileSync(path.join(big, `b${i}.bin`), randomBytes(1 << 20));
}, 60_000);
afterAll(async () => {
  client?.end();
  await fleet?.stopAll();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const app = (name: string) => `${server.dir}/home/app/${name}`;

/** Relative path → sha256 of every file under `root` (links and dirs left out). */
function treeOf(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) {
        const data = fs.readFileSync(path.join(root, r));
        out.set(r, createHash('sha256').update(data).digest('hex'));
      }
    }
  };
  walk('');
  return out;
}

function sync(over: Partial<SftpSyncRequest> & { destPath: string }) {
  const lines: string[] = [];
  const run = sftpSync({
    client,
    source,
    options: [],
    timeoutMs: 60_000,
    onLine: (l) => lines.push(l),
    ...over,
  });
  return { run, lines };
}

/** Runs a shell script on the server as its user (fixtures the sync must cope with). */
async function onServer(script: string): Promise<void> {
  const r = await execSsh(client, { script }, { timeoutMs: 20_000 });
  expect(r.code, r.stderr).toBe(0);
}

describe('sftpSync', { timeout: 30_000 }, () => {
  it('uploads everything once, then only what changed, keeping times and modes', async () => {
    const destPath = app('incremental/nested/deeper');
    const copy = path.join(tmp, 'incremental-src');
    fs.cpSync(source, copy, { recursive: true, preserveTimestamps: true });
    const first = sync({ destPath, source: copy });
    expect(await first.run).toMatchObject({
      uploaded: 203,
      skipped: 0,
      deleted: 0,
      bytes: expect.any(Number),
    });
    expect(treeOf(destPath)).toEqual(treeOf(copy));
    expect(fs.statSync(path.join(destPath, 'run.sh')).mode & 0o777).toBe(0o755);
    const seconds = (p: string) => Math.floor(fs.statSync(p).mtimeMs / 1000);
    expect(seconds(path.join(destPath, 'dir4/sub 4/f4.txt'))).toBe(
      seconds(path.join(copy, 'dir4/sub 4/f4.txt')),
    );

    const second = sync({ destPath, source: copy });
    expect(await second.run).toMatchObject({ uploaded: 0, skipped: 203, deleted: 0, bytes: 0 });
    expect(second.lines).toEqual(['uploaded 0, unchanged 203, deleted 0, 0 bytes']);

    fs.writeFileSync(path.join(copy, 'dir2/sub 2/f5.txt'), 'changed and longer\n');
    const third = sync({ destPath, source: copy, options: ['-v'] });
    expect(await third.run).toMatchObject({ uploaded: 1, skipped: 202, deleted: 0, bytes: 19 });
    expect(third.lines).toEqual([
      'uploaded dir2/sub 2/f5.txt (19 bytes)',
      'uploaded 1, unchanged 202, deleted 0, 19 bytes',
    ]);
    expect(fs.readFileSync(path.join(destPath, 'dir2/sub 2/f5.txt'), 'utf8')).toBe(
      'changed and longer\n',
    );
  });

  it('removes what the source lost only with --delete, and leaves excluded paths', async () => {
    const destPath = app('delete');
    const copy = path.join(tmp, 'delete-src');
    fs.cpSync(source, copy, { recursive: true });
    await sync({ destPath, source: copy }).run;
    await onServer(
      `mkdir -p ${shellQuote(`${destPath}/logs`)} && echo x > ${shellQuote(`${destPath}/logs/app.log`)}`,
    );
    fs.rmSync(path.join(copy, 'dir1'), { recursive: true });
    fs.rmSync(path.join(copy, 'file with spaces.txt'));
    expect((await sync({ destPath, source: copy }).run).deleted).toBe(0);
    expect(fs.existsSync(path.join(destPath, 'file with spaces.txt'))).toBe(true);

    const options = ['--delete', '--exclude', 'logs'];
    // dir1 with 1 subdir and 20 files, plus the spaced file
    expect((await sync({ destPath, source: copy, options }).run).deleted).toBe(23);
    expect(fs.existsSync(path.join(destPath, 'dir1'))).toBe(false);
    expect(fs.existsSync(path.join(destPath, 'file with spaces.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(destPath, 'logs/app.log'), 'utf8')).toBe('x\n');
  });

  it('replaces or removes server links without ever writing or deleting through them', async () => {
    const destPath = app('links');
    const outside = app('outside');
    await onServer(
      [
        `mkdir -p ${shellQuote(`${outside}/dir`)} ${shellQuote(destPath)}`,
        `echo secret > ${shellQuote(`${outside}/secret.txt`)}`,
        `echo keep > ${shellQuote(`${outside}/dir/keep.txt`)}`,
        `ln -s ${shellQuote(`${outside}/secret.txt`)} ${shellQuote(`${destPath}/run.sh`)}`,
        `ln -s ${shellQuote(`${outside}/dir`)} ${shellQuote(`${destPath}/stray`)}`,
      ].join(' && '),
    );
    await sync({ destPath, options: ['--delete'] }).run;
    expect(fs.lstatSync(path.join(destPath, 'run.sh')).isFile()).toBe(true);
    expect(fs.existsSync(path.join(destPath, 'stray'))).toBe(false);
    expect(fs.readFileSync(`${outside}/secret.txt`, 'utf8')).toBe('secret\n');
    expect(fs.readFileSync(`${outside}/dir/keep.txt`, 'utf8')).toBe('keep\n');
  });

  it('applies excludes, includes and regular expressions to relative paths', async () => {
    const destPath = app('filtered');
    const options = [
      ...['--exclude', 'dir0', '--include', 'dir0/sub 0/f1.txt'],
      ...['--exclude-regexp', 'f1[0-9]\\.txt$', '--include-regexp', '^dir2/'],
    ];
    const outcome = await sync({ destPath, options }).run;
    const wanted = [...treeOf(source).keys()].filter(
      (rel) =>
        rel === 'dir0/sub 0/f1.txt' ||
        rel.startsWith('dir2/') ||
        (!rel.startsWith('dir0/') && !/f1[0-9]\.txt$/.test(rel)),
    );
    expect([...treeOf(destPath).keys()].sort()).toEqual(wanted.sort());
    expect(outcome.uploaded).toBe(wanted.length);
  });

  it('skips local symlinks with a logged line', async () => {
    const linked = path.join(tmp, 'linked-src');
    fs.mkdirSync(linked);
    fs.writeFileSync(path.join(linked, 'real.txt'), 'real\n');
    fs.symlinkSync('/etc/passwd', path.join(linked, 'passwd'));
    const destPath = app('symlinks');
    const { run, lines } = sync({ destPath, source: linked });
    expect((await run).uploaded).toBe(1);
    expect(lines).toContain('skipped symlink passwd');
    expect(fs.readdirSync(destPath)).toEqual(['real.txt']);
  });

  it("walks a deploy's source once for all its servers, each logging what was skipped", async () => {
    const shared = path.join(tmp, 'shared-src');
    fs.mkdirSync(shared);
    fs.writeFileSync(path.join(shared, 'a.txt'), 'a\n');
    fs.symlinkSync('/etc/hostname', path.join(shared, 'link'));
    const walks: NonNullable<SftpSyncRequest['walks']> = new Map();
    const first = sync({ destPath: app('walk-1'), source: shared, walks });
    const second = sync({ destPath: app('walk-2'), source: shared, walks });
    await Promise.all([first.run, second.run]);
    expect(walks.size).toBe(1);
    // A file added after the walk is not seen by a server that shares it.
    fs.writeFileSync(path.join(shared, 'late.txt'), 'late\n');
    const third = sync({ destPath: app('walk-3'), source: shared, walks });
    expect((await third.run).uploaded).toBe(1);
    for (const s of [first, second, third]) expect(s.lines).toContain('skipped symlink link');
    // With other options, the source is walked again.
    const excluded = sync({
      destPath: app('walk-4'),
      source: shared,
      walks,
      options: ['--exclude', 'x'],
    });
    expect((await excluded.run).uploaded).toBe(2);
    expect(walks.size).toBe(2);
  });

  it('refuses unknown options by name before touching the server', async () => {
    const destPath = app('never');
    await expect(sync({ destPath, options: ['-rtv', '--delete'] }).run).rejects.toThrow(/"-rtv"/);
    expect(fs.existsSync(destPath)).toBe(false);
  });

  it('stops promptly on abort and leaves no half-written temp files', async () => {
    const destPath = app('abort');
    const controller = new AbortController();
    let abortedAt = 0;
    const { run } = sync({
      destPath,
      source: big,
      options: ['-v'],
      concurrency: 2,
      signal: controller.signal,
      onLine: (l) => {
        if (l.startsWith('uploaded b') && !abortedAt) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    await expect(run).rejects.toThrow(/cancelled/);
    expect(Date.now() - abortedAt).toBeLessThan(3000);
    const left = fs.readdirSync(destPath);
    expect(left.length).toBeLessThan(30);
    expect(left.filter((n) => n.includes('ferry-tmp'))).toEqual([]);
  });

  it('stops on timeout with a message that says so', async () => {
    const destPath = app('timeout');
    const started = Date.now();
    // 30 MiB cannot cross SSH in 20 ms; 150 ms was enough for an idle machine to finish.
    await expect(sync({ destPath, source: big, timeoutMs: 20 }).run).rejects.toThrow(
      /did not finish within 20 ms/,
    );
    expect(Date.now() - started).toBeLessThan(4000);
    // On a busy machine the stop can come before the destination was even created.
    const left = fs.existsSync(destPath) ? fs.readdirSync(destPath) : [];
    expect(left.filter((n) => n.includes('ferry-tmp'))).toEqual([]);
  });
});
