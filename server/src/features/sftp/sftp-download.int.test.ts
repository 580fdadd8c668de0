import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { processesOfUid } from '../../../test/linux-processes.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer, serverForm } from '../../../test/server-fixtures.js';
import {
  bodyOf,
  homeOf,
  httpRequest,
  listening,
  sftpRows,
  sha256,
  writeAs,
} from '../../../test/sftp-fixtures.js';

const sshd = useOneSshd();
const MiB = 1024 * 1024;
let dirs = 0;

/** Files the test extracted archives into; removed after each test. */
let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-archive-'));
});
afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Extracts a .tar.gz into a fresh directory and lists it: relative path → content ('' for dirs). */
function extract(archive: Buffer): Map<string, string> {
  const into = fs.mkdtempSync(path.join(scratch, 'x-'));
  const tar = spawnSync('tar', ['-xzf', '-', '-C', into], { input: archive });
  if (tar.status !== 0) throw new Error(`tar: ${tar.stderr.toString()}`);
  const found = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(into, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        found.set(p, '');
        walk(p);
      } else found.set(p, fs.readFileSync(path.join(into, p), 'utf8'));
    }
  };
  walk('');
  return found;
}

/** How many descriptors the server's processes hold open on `file`. */
function openHandles(file: string): number {
  let n = 0;
  for (const p of processesOfUid(sshd.server.uid)) {
    try {
      for (const fd of fs.readdirSync(`/proc/${p.pid}/fd`)) {
        if (fs.readlinkSync(`/proc/${p.pid}/fd/${fd}`) === file) n++;
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return n;
}

describe('downloads', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let serverId: number;
  /** This test's directory on the server, relative to the home and absolute. */
  let rel: string;
  let dir: string;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  beforeEach(async () => {
    serverId = await addServer(t, admin, serverForm(sshd.server));
    rel = `down-${++dirs}`;
    dir = path.join(homeOf(sshd.server), rel);
  });

  const get = (route: string, query: Record<string, string | number | string[]>) =>
    t.fastify.inject({
      method: 'GET',
      url: route,
      query: query as Record<string, string | string[]>,
      headers: { cookie: `goploy_token=${admin.token}`, 'g-n-id': '1' },
    });

  it('sends a file as an attachment with its length and exact name', async () => {
    const data = randomBytes(5 * MiB + 3);
    const name = 'rapport é;$(id).bin';
    const file = writeAs(sshd.server, `${rel}/${name}`, data);
    const res = await get('/server/downloadFile', { id: serverId, file });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rapport _;$(id).bin"; filename*=UTF-8''rapport%20%C3%A9%3B%24%28id%29.bin`,
    );
    expect(sha256(res.rawPayload)).toBe(sha256(data));
    await expect
      .poll(() => sftpRows(t))
      .toMatchObject([{ type: 'DOWNLOAD', path: file, state: 1, detail: `${data.length} bytes` }]);
  });

  it('accepts the session as the link’s token, as browsers download', async () => {
    const file = writeAs(sshd.server, `${rel}/a.txt`, 'hello');
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/server/downloadFile',
      query: { id: String(serverId), file, token: admin.token },
      headers: { 'g-n-id': '1' },
    });
    expect(res.body).toBe('hello');
    // The row is written as the answer ends; wait for it, so it lands in this test's database.
    await expect.poll(async () => (await sftpRows(t)).length).toBe(1);
  });

  it('answers a directory with code 2 pointing to the archive, and a missing file with file_missing', async () => {
    writeAs(sshd.server, `${rel}/x`, 'x');
    const asDir = (await get('/server/downloadFile', { id: serverId, file: dir })).json();
    expect(asDir).toMatchObject({ code: 2, reason: 'file_is_directory' });
    expect(asDir.message).toContain('archive');
    const missing = await get('/server/downloadFile', { id: serverId, file: `${dir}/nope` });
    expect(missing.json()).toMatchObject({ code: 2, reason: 'file_missing' });
    expect((await sftpRows(t)).map((r) => [r.type, r.state])).toEqual([
      ['DOWNLOAD', 0],
      ['DOWNLOAD', 0],
    ]);
  });

  it('archives entries with hostile names as plain names, tar running on the server', async () => {
    const names = [
      'a;b',
      '$(id)',
      '`touch pwned`',
      '$(touch pwned)',
      'new\nline',
      '-leading',
      '--help',
    ];
    for (const n of names) writeAs(sshd.server, `${rel}/${n}`, `content of ${n}`);
    writeAs(sshd.server, `${rel}/sub dir/inner.txt`, 'inner');
    writeAs(sshd.server, `${rel}/left out`, 'not asked for');
    const res = await get('/server/downloadArchive', {
      id: serverId,
      dir,
      names: [...names, 'sub dir'],
    });
    expect(res.headers['content-type'], res.body.slice(0, 300)).toBe('application/gzip');
    expect(res.headers['content-disposition']).toContain(`filename="${rel}.tar.gz"`);
    const found = extract(res.rawPayload);
    expect(Object.fromEntries(found)).toEqual({
      ...Object.fromEntries(names.map((n) => [n, `content of ${n}`])),
      'sub dir': '',
      'sub dir/inner.txt': 'inner',
    });
    expect(fs.existsSync(path.join(homeOf(sshd.server), 'pwned'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'pwned'))).toBe(false);
    await expect.poll(async () => (await sftpRows(t)).length).toBe(1);
    const rows = await sftpRows(t);
    expect(rows).toMatchObject([{ type: 'DOWNLOAD', path: dir, state: 1 }]);
    expect(rows[0]!.detail).toMatch(new RegExp(`as ${rel}\\.tar\\.gz, \\d+ bytes$`));

    const one = await get('/server/downloadArchive', { id: serverId, dir, names: '-leading' });
    expect(one.headers['content-disposition']).toContain('filename="-leading.tar.gz"');
    expect([...extract(one.rawPayload).keys()]).toEqual(['-leading']);
    await expect.poll(async () => (await sftpRows(t)).length).toBe(2);
  });

  it('gives tar a list too long for its command line on stdin', async () => {
    const names = Array.from(
      { length: 2500 },
      (_, i) => `-${String(i).padStart(4, '0')}-${'n'.repeat(40)}`,
    );
    fs.mkdirSync(dir);
    for (const n of names) fs.writeFileSync(path.join(dir, n), n);
    spawnSync('chown', ['-R', `${sshd.server.uid}:${sshd.server.uid}`, dir]);
    const res = await get('/server/downloadArchive', { id: serverId, dir, names });
    const found = extract(res.rawPayload);
    expect(found.size).toBe(names.length);
    expect(found.get(names[7]!)).toBe(names[7]);
    await expect.poll(async () => (await sftpRows(t)).length).toBe(1);
  });

  it('refuses a missing name before any byte, naming it', async () => {
    writeAs(sshd.server, `${rel}/here`, 'x');
    const res = await get('/server/downloadArchive', {
      id: serverId,
      dir,
      names: ['here', 'gone'],
    });
    expect(res.json()).toMatchObject({
      code: 2,
      reason: 'file_missing',
      message: `Cannot archive ${dir}/gone: no such file or directory`,
    });
    expect(await sftpRows(t)).toMatchObject([{ type: 'DOWNLOAD', state: 0, detail: 'here, gone' }]);
  });

  it('cuts the answer off when tar fails after the first bytes, so the download fails', async () => {
    writeAs(sshd.server, `${rel}/big.bin`, randomBytes(4 * MiB));
    writeAs(sshd.server, `${rel}/secret`, 'no', 0o000);
    const base = await listening(t);
    const res = await httpRequest(base, 'GET', '/server/downloadArchive', {
      token: admin.token,
      query: { id: serverId, dir, names: ['big.bin', 'secret'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const outcome = await bodyOf(res).then(
      (body) => `complete: ${body.length} bytes`,
      (err: Error) => `failed: ${err.message}`,
    );
    expect(outcome).toBe('failed: aborted');
    await expect.poll(async () => (await sftpRows(t)).length).toBe(1);
    const rows = await sftpRows(t);
    expect(rows).toMatchObject([{ type: 'DOWNLOAD', state: 0 }]);
    expect(rows[0]!.reason).toMatch(/^Cannot archive .*secret.*Permission denied/);
  });

  it('stops reading when the browser goes, and frees the file and the channel', async () => {
    const file = writeAs(sshd.server, `${rel}/huge.bin`, Buffer.alloc(64 * MiB, 1));
    const base = await listening(t);
    const res = await httpRequest(base, 'GET', '/server/downloadFile', {
      token: admin.token,
      query: { id: serverId, file },
    });
    await new Promise((r) => res.once('data', r));
    res.destroy();
    await expect.poll(() => openHandles(file), { timeout: 5000 }).toBe(0);
    await expect.poll(async () => (await sftpRows(t)).length).toBe(1);
    const [row] = await sftpRows(t);
    expect(row).toMatchObject({ type: 'DOWNLOAD', state: 0 });
    expect(row!.reason).toContain('cancelled');
    const small = writeAs(sshd.server, `${rel}/small`, 'still works');
    expect((await get('/server/downloadFile', { id: serverId, file: small })).body).toBe(
      'still works',
    );
  });
});
