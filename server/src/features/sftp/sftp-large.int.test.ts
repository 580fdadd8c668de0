import fs from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_CHUNK_BYTES } from '@ferry/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer, serverForm } from '../../../test/server-fixtures.js';
import {
  chownTree,
  homeOf,
  listening,
  patternSha256,
  sha256File,
  streamInChild,
  watchRss,
} from '../../../test/sftp-fixtures.js';

const sshd = useOneSshd();
const MiB = 1024 * 1024;
const SIZE = 200 * MiB;
/** The same work, smaller, before each measurement (a console holding whole files would still grow by more than the bound). */
const WARM_UP = 96 * MiB;
/**
 * What the console's resident memory may grow by while it moves 200 MiB, once warm and with
 * garbage collected as it goes (`watchRss`): the streams' windows and buffers, which do not
 * depend on the file's size.
 */
const RSS_BOUND = 64 * MiB;
let runs = 0;

/** Measures `work` (after a warm-up of the same kind), prints and checks what it cost. */
async function measured(what: string, warmUp: () => Promise<void>, work: () => Promise<void>) {
  await warmUp();
  const rss = watchRss();
  const started = performance.now();
  await work();
  const grew = rss.stop();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${what}: 200 MiB in ${seconds.toFixed(1)} s (${(SIZE / MiB / seconds).toFixed(0)} MiB/s), ` +
      `console RSS +${(grew / MiB).toFixed(1)} MiB`,
  );
  expect(grew).toBeLessThan(RSS_BOUND);
}

describe('200 MiB through the console with flat memory', { timeout: 180_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let serverId: number;
  let dir: string;
  let base: string;
  let expected: string;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  beforeEach(async () => {
    serverId = await addServer(t, admin, serverForm(sshd.server));
    dir = path.join(homeOf(sshd.server), `large-${++runs}`);
    fs.mkdirSync(dir);
    chownTree(sshd.server, dir);
    base = await listening(t);
    expected ??= await patternSha256(SIZE);
  });

  /** Uploads `size` bytes of the pattern to `file` in chunks, each from a client process. */
  async function uploadInChunks(file: string, size: number) {
    for (let offset = 0; offset < size; offset += MAX_UPLOAD_CHUNK_BYTES) {
      const end = Math.min(size, offset + MAX_UPLOAD_CHUNK_BYTES);
      const r = await streamInChild({
        base,
        method: 'PUT',
        route: '/server/uploadChunk',
        call: {
          token: admin.token,
          query: { serverId, file, size, offset },
          headers: { 'content-type': 'application/octet-stream', 'content-length': end - offset },
        },
        upload: { size: end, from: offset },
      });
      expect(JSON.parse(r.text!)).toMatchObject({ code: 0, data: { offset: end } });
    }
  }

  const download = (file: string) =>
    streamInChild({
      base,
      method: 'GET',
      route: '/server/downloadFile',
      call: { token: admin.token, query: { id: serverId, file } },
    });

  const multipart = (size: number, filename: string) =>
    streamInChild({
      base,
      method: 'POST',
      route: '/server/uploadFile',
      call: {
        token: admin.token,
        query: { id: serverId, filePath: dir },
        headers: { 'content-type': 'multipart/form-data; boundary=----ferry-large' },
      },
      upload: { size, multipart: { boundary: '----ferry-large', filename } },
    });

  it('uploads in chunks, then downloads it again', async () => {
    const file = path.join(dir, 'big.bin');
    const warm = path.join(dir, 'warm.bin');
    await measured(
      'chunked upload',
      () => uploadInChunks(warm, WARM_UP),
      () => uploadInChunks(file, SIZE),
    );
    expect(await sha256File(file)).toBe(expected);

    let got: Awaited<ReturnType<typeof download>> | undefined;
    await measured(
      'download',
      async () => void (await download(warm)),
      async () => void (got = await download(file)),
    );
    expect(got!.headers['content-length']).toBe(String(SIZE));
    expect(got).toMatchObject({ bytes: SIZE, sha256: expected });
  });

  it("uploads goploy's multipart form", async () => {
    let answer = '';
    await measured(
      'multipart upload',
      async () => void (await multipart(WARM_UP, 'warm.bin')),
      async () => void (answer = (await multipart(SIZE, 'm.bin')).text!),
    );
    expect(JSON.parse(answer)).toMatchObject({ code: 0 });
    expect(await sha256File(path.join(dir, 'm.bin'))).toBe(expected);
  });
});
