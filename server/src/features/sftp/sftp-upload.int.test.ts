import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { processesOfUid } from '../../../test/linux-processes.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer, multipartFile, serverForm } from '../../../test/server-fixtures.js';
import {
  chownTree,
  generated,
  homeOf,
  httpEnvelope,
  listening,
  patternBytes,
  patternSha256,
  sftpRows,
  sha256,
  sha256File,
  writeAs,
} from '../../../test/sftp-fixtures.js';
import { startTcpRelay, type TcpRelay } from '../../../test/tcp-relay.js';
import { partialPathOf } from './partial-file.js';

const sshd = useOneSshd();
const MiB = 1024 * 1024;
let dirs = 0;

describe('uploads', () => {
  let t: TestApp;
  let admin: Actor;
  let serverId: number;
  /** A fresh directory of this test on the server; not made, uploads make it. */
  let dir: string;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  beforeEach(async () => {
    serverId = await addServer(t, admin, serverForm(sshd.server));
    dir = path.join(homeOf(sshd.server), `up-${++dirs}`);
  });

  const chunk = (
    file: string,
    size: number,
    offset: number,
    data: Buffer,
    extra: Record<string, string | number> = {},
  ) =>
    t.call<{ offset: number; done: boolean }>('PUT', '/server/uploadChunk', {
      token: admin.token,
      ns: 1,
      query: { serverId, file, size, offset, ...extra },
      body: data,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const status = (file: string, size: number) =>
    t.call<{ offset: number }>('GET', '/server/uploadStatus', {
      token: admin.token,
      ns: 1,
      query: { serverId, file, size },
    });

  it('uploads in chunks into directories it makes, and moves the file into place when complete', async () => {
    const data = randomBytes(3 * MiB + 5);
    const file = path.join(dir, 'deep/er/data.bin');
    expect((await status(file, data.length)).data).toEqual({ offset: 0 });
    for (let at = 0; at < data.length; at += MiB) {
      const r = await chunk(file, data.length, at, data.subarray(at, at + MiB), {
        mtime: 1_600_000_000,
      });
      const end = Math.min(at + MiB, data.length);
      expect(r).toMatchObject({ code: 0, data: { offset: end, done: end === data.length } });
      if (end < data.length) {
        expect(fs.existsSync(file)).toBe(false);
        expect(fs.statSync(partialPathOf(file, 'upload')).size).toBe(end);
        expect((await status(file, data.length)).data).toEqual({ offset: end });
      }
    }
    expect(sha256(fs.readFileSync(file))).toBe(sha256(data));
    expect(fs.statSync(file).mtimeMs).toBe(1_600_000_000_000);
    expect(fs.existsSync(partialPathOf(file, 'upload'))).toBe(false);
    const rows = await sftpRows(t);
    expect(rows).toMatchObject([
      { type: 'UPLOAD', path: file, state: 1, server_id: serverId, detail: `${data.length} bytes` },
    ]);
  });

  it('uploads a zero-byte file', async () => {
    const file = path.join(dir, 'empty');
    expect(await chunk(file, 0, 0, Buffer.alloc(0))).toMatchObject({
      code: 0,
      data: { offset: 0, done: true },
    });
    expect(fs.statSync(file).size).toBe(0);
    expect(await sftpRows(t)).toMatchObject([{ type: 'UPLOAD', state: 1, detail: '0 bytes' }]);
  });

  it('refuses a chunk at another offset than the server holds, telling that offset', async () => {
    const file = path.join(dir, 'a.txt');
    await chunk(file, 10, 0, Buffer.from('hello'));
    const r = await chunk(file, 10, 3, Buffer.from('xxxxx'));
    expect(r).toMatchObject({ code: 2, reason: 'upload_offset', data: { offset: 5 } });
    expect(r.message).toContain('holds 5 bytes');
    expect(await chunk(file, 10, 5, Buffer.from('world'))).toMatchObject({ data: { done: true } });
    expect(fs.readFileSync(file, 'utf8')).toBe('helloworld');
    expect(await sftpRows(t)).toHaveLength(1);
  });

  it('replaces a file keeping its mode; shell metacharacters are plain bytes of the name', async () => {
    const name = "-x;$(id)`id`'\n.txt";
    const file = writeAs(sshd.server, `up-${dirs}/${name}`, 'old', 0o600);
    expect(await chunk(file, 3, 0, Buffer.from('new'))).toMatchObject({ data: { done: true } });
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual([name]);
  });

  it('forgets a partial on cancel, and a stale partial longer than the new size', async () => {
    const file = path.join(dir, 'c.bin');
    await chunk(file, 100, 0, Buffer.alloc(60));
    expect((await status(file, 100)).data).toEqual({ offset: 60 });
    expect((await status(file, 50)).data).toEqual({ offset: 0 });
    expect(fs.existsSync(partialPathOf(file, 'upload'))).toBe(false);
    await chunk(file, 100, 0, Buffer.alloc(60));
    const r = await t.call('DELETE', '/server/uploadCancel', {
      token: admin.token,
      ns: 1,
      body: { serverId, file },
    });
    expect(r.code).toBe(0);
    expect((await status(file, 100)).data).toEqual({ offset: 0 });
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await sftpRows(t)).toMatchObject([
      {
        type: 'UPLOAD',
        path: file,
        state: 0,
        reason: 'The upload was cancelled.',
        detail: '60 bytes dropped',
      },
    ]);
  });

  it('refuses a body beyond the size or the limit, and one that is not octet-stream (10003)', async () => {
    const file = path.join(dir, 'd.bin');
    expect(await chunk(file, 4, 0, Buffer.from('12345'))).toMatchObject({
      code: 10003,
      message: 'body must be at most 4 bytes at this offset',
    });
    const json = await t.call('PUT', '/server/uploadChunk', {
      token: admin.token,
      ns: 1,
      query: { serverId, file, size: 4, offset: 0 },
      body: { data: 'abcd' },
    });
    expect(json).toMatchObject({ code: 10003, message: 'body must be application/octet-stream' });
    expect(fs.existsSync(dir)).toBe(false);
    expect(await sftpRows(t)).toEqual([]);
  });

  it("takes goploy's multipart upload into a directory, streamed through the same writer", async () => {
    fs.mkdirSync(dir);
    chownTree(sshd.server, dir);
    const data = randomBytes(2 * MiB);
    const form = multipartFile('file', 'report $(id).bin', data);
    const r = await t.call('POST', '/server/uploadFile', {
      token: admin.token,
      ns: 1,
      query: { id: serverId, filePath: dir },
      body: form.body,
      headers: form.headers,
    });
    expect(r).toMatchObject({ code: 0, data: null });
    const file = path.join(dir, 'report $(id).bin');
    expect(sha256(fs.readFileSync(file))).toBe(sha256(data));
    expect(fs.readdirSync(dir)).toEqual(['report $(id).bin']);
    expect(await sftpRows(t)).toMatchObject([
      { type: 'UPLOAD', path: file, state: 1, detail: `${data.length} bytes` },
    ]);
    const dots = multipartFile('file', '..', 'x');
    const refused = await t.call('POST', '/server/uploadFile', {
      token: admin.token,
      ns: 1,
      query: { id: serverId, filePath: dir },
      body: dots.body,
      headers: dots.headers,
    });
    expect(refused).toMatchObject({ code: 10003 });
    expect(refused.message).toMatch(/^file name must not be/);
  });
});

describe('an upload cut off by a lost connection', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let relay: TcpRelay;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  beforeEach(async () => {
    relay = await startTcpRelay(sshd.server);
  });
  afterEach(() => relay.close());

  it('resumes from what the server holds: status tells, the rest completes it', async () => {
    const serverId = await addServer(t, admin, serverForm(relay.server));
    const base = await listening(t);
    const file = path.join(homeOf(sshd.server), `up-${++dirs}`, 'big.bin');
    const size = 24 * MiB;
    const data = generated(size, { pace: 40 });
    const put = (offset: number, bytes: number, body: NodeJS.ReadableStream) =>
      httpEnvelope<{ offset: number; done: boolean }>(base, 'PUT', '/server/uploadChunk', {
        token: admin.token,
        query: { serverId, file, size, offset },
        headers: { 'content-type': 'application/octet-stream', 'content-length': bytes },
        body: body as never,
      });
    // The whole file in one request, cut while it is being written.
    const whole = put(0, size, data.stream);
    const partial = partialPathOf(file, 'upload');
    await expect
      .poll(() => (fs.existsSync(partial) ? fs.statSync(partial).size : 0), {
        timeout: 20_000,
        interval: 20,
      })
      .toBeGreaterThan(4 * MiB);
    relay.cut();
    expect(await whole).toMatchObject({ code: 2, reason: 'ssh_closed' });
    data.stream.destroy(new Error('the browser gives up this request'));
    // The server's SFTP process writes what it had received, then ends.
    await expect.poll(() => processesOfUid(sshd.server.uid, 'sftp-server')).toEqual([]);

    const status = await t.call<{ offset: number }>('GET', '/server/uploadStatus', {
      token: admin.token,
      ns: 1,
      query: { serverId, file, size },
    });
    const held = status.data.offset;
    expect(held).toBe(fs.statSync(partial).size);
    expect(held).toBeGreaterThan(4 * MiB);
    expect(held).toBeLessThan(size);

    const done = await t.call<{ offset: number; done: boolean }>('PUT', '/server/uploadChunk', {
      token: admin.token,
      ns: 1,
      query: { serverId, file, size, offset: held },
      body: await patternBytes(size, held),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(done).toMatchObject({ code: 0, data: { offset: size, done: true } });
    expect(await sha256File(file)).toBe(await patternSha256(size));
    const rows = await sftpRows(t);
    expect(rows.map((r) => [r.type, r.state])).toEqual([
      ['UPLOAD', 0],
      ['UPLOAD', 1],
    ]);
  });
});
