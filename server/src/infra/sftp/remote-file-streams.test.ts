import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client, SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOfUid } from '../../../test/linux-processes.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { passwordLogin } from '../../../test/sshd-login.js';
import { startTcpRelay } from '../../../test/tcp-relay.js';
import { connectSsh } from '../ssh/connect.js';
import { fanOut, type FanOutSink } from '../stream/fan-out.js';
import { makeDirectories } from './remote-dirs.js';
import { RemoteFileReader } from './remote-file-reader.js';
import { RemoteFileWriter } from './remote-file-writer.js';
import { walkRemoteTree } from './remote-tree.js';
import { sftpCalls } from './sftp-calls.js';

let fleet: SshdFleet | undefined;
let server: SshdServer;
let client: Client;
let sftp: SFTPWrapper;
let home: string;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  server = fleet.servers[0]!;
  home = path.join(server.dir, 'home');
  client = await connectSsh(passwordLogin(server));
  sftp = await new Promise((resolve, reject) =>
    client.sftp((err, s) => (err ? reject(err) : resolve(s))),
  );
}, 30_000);
afterAll(async () => {
  client?.end();
  await fleet?.stopAll();
});

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const remote = (name: string) => path.posix.join(home, name);

/** The bytes of a stream, collected. */
async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A Readable of `data` in chunks of `size` bytes. */
const chunked = (data: Buffer, size: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );

/** `bytes` zero bytes, 1 MiB every 20 ms. */
const generatedSlowly = (bytes: number) => {
  let made = 0;
  return new Readable({
    read() {
      if (made >= bytes) return void this.push(null);
      made += 1024 * 1024;
      setTimeout(() => this.push(Buffer.alloc(1024 * 1024)), 20);
    },
  });
};

/** `sftp` with its read and write requests counted: the most awaiting an answer at once. */
function counting(real: SFTPWrapper, shorten?: number) {
  const seen = { reads: 0, writes: 0, mostReads: 0, mostWrites: 0, bytesAsked: 0, requests: 0 };
  const wrapped = Object.create(real) as SFTPWrapper;
  type Cb = (...args: unknown[]) => void;
  wrapped.read = ((h: Buffer, b: Buffer, o: number, l: number, p: number, cb: Cb) => {
    seen.mostReads = Math.max(seen.mostReads, ++seen.reads);
    seen.bytesAsked += l;
    real.read(h, b, o, Math.min(l, shorten ?? l), p, (...args: unknown[]) => {
      seen.reads--;
      cb(...args);
    });
  }) as SFTPWrapper['read'];
  wrapped.write = ((h: Buffer, b: Buffer, o: number, l: number, p: number, cb: Cb) => {
    seen.mostWrites = Math.max(seen.mostWrites, ++seen.writes);
    seen.requests++;
    real.write(h, b, o, l, p, (...args: unknown[]) => {
      seen.writes--;
      cb(...args);
    });
  }) as SFTPWrapper['write'];
  return { sftp: wrapped, seen };
}

/** How many descriptors the server's processes hold open on `file`. */
function openHandles(file: string): number {
  let n = 0;
  for (const p of processesOfUid(server.uid)) {
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

async function rejection(work: Promise<unknown>): Promise<Error & { code?: unknown }> {
  const err: unknown = await work.then(
    () => new Error('resolved although it should not'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error & { code?: unknown };
}

describe('RemoteFileWriter', () => {
  it('writes a file with many requests in flight, never more than its window', async () => {
    const data = randomBytes(5 * 1024 * 1024 + 777);
    const { sftp: counted, seen } = counting(sftp);
    const writer = new RemoteFileWriter(counted, remote('w1.bin'), {
      blockSize: 32 * 1024,
      maxInFlight: 16,
      mode: 0o640,
    });
    await pipeline(chunked(data, 1024 * 1024), writer);
    expect(sha(fs.readFileSync(path.join(home, 'w1.bin')))).toBe(sha(data));
    expect(fs.statSync(path.join(home, 'w1.bin')).mode & 0o777).toBe(0o640);
    expect(writer.bytesWritten).toBe(data.length);
    expect(seen.mostWrites).toBeGreaterThan(4);
    expect(seen.mostWrites).toBeLessThanOrEqual(16);
    expect(openHandles(path.join(home, 'w1.bin'))).toBe(0);
  });

  it('writes into an existing file from an offset, and an empty source makes an empty file', async () => {
    const file = path.join(home, 'w2.bin');
    fs.writeFileSync(file, 'abcdefXXXX');
    fs.chownSync(file, server.uid, server.uid);
    await pipeline(
      Readable.from([Buffer.from('ghij')]),
      new RemoteFileWriter(sftp, remote('w2.bin'), { flags: 'r+', start: 6 }),
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('abcdefghij');
    await pipeline(Readable.from([]), new RemoteFileWriter(sftp, remote('empty.bin')));
    expect(fs.statSync(path.join(home, 'empty.bin')).size).toBe(0);
  });

  it('gathers small chunks into whole blocks and sends large ones as they are', async () => {
    const small = randomBytes(1024 * 1024);
    const { sftp: counted, seen } = counting(sftp);
    const writer = new RemoteFileWriter(counted, remote('w5.bin'), { blockSize: 64 * 1024 });
    await pipeline(chunked(small, 1000), writer);
    expect(sha(fs.readFileSync(path.join(home, 'w5.bin')))).toBe(sha(small));
    expect(seen.requests).toBe(16);

    // Sizes all over the place: small ones gathered, large ones passed on, order kept.
    const mixed = randomBytes(3 * 1024 * 1024);
    const sizes = [7, 40_000, 100, 100_000, 33_000, 1, 65_536, 5000, 200_000];
    const parts: Buffer[] = [];
    for (let at = 0, i = 0; at < mixed.length; i++) {
      const size = sizes[i % sizes.length]!;
      parts.push(mixed.subarray(at, at + size));
      at += size;
    }
    await pipeline(Readable.from(parts), new RemoteFileWriter(sftp, remote('w6.bin')));
    expect(sha(fs.readFileSync(path.join(home, 'w6.bin')))).toBe(sha(mixed));
  });

  it('holds a fast source back while the server answers (backpressure)', async () => {
    const { sftp: counted, seen } = counting(sftp);
    const writer = new RemoteFileWriter(counted, remote('w3.bin'), {
      blockSize: 16 * 1024,
      maxInFlight: 4,
    });
    let produced = 0;
    let mostAhead = 0;
    const source = new Readable({
      read() {
        if (produced >= 20 * 1024 * 1024) return void this.push(null);
        produced += 64 * 1024;
        mostAhead = Math.max(mostAhead, produced - writer.bytesWritten);
        this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    await pipeline(source, writer);
    expect(seen.mostWrites).toBeLessThanOrEqual(4);
    // The window (64 KiB), one chunk, and the two streams' buffers: far below 20 MiB.
    expect(mostAhead).toBeLessThan(1024 * 1024);
  });

  it('fails with the server error: a missing directory, a full disk', async () => {
    const missing = await rejection(
      pipeline(Readable.from([Buffer.from('x')]), new RemoteFileWriter(sftp, remote('no/such'))),
    );
    expect(missing.code).toBe(2);
    const full = await rejection(
      pipeline(chunked(randomBytes(1024 * 1024), 65536), new RemoteFileWriter(sftp, '/dev/full')),
    );
    expect(full.code).toBe(4);
    expect(openHandles('/dev/full')).toBe(0);
  });

  it('closes its handle when destroyed mid-way and leaves a prefix of the data', async () => {
    const file = path.join(home, 'w4.bin');
    const data = randomBytes(8 * 1024 * 1024);
    const writer = new RemoteFileWriter(sftp, remote('w4.bin'), { maxInFlight: 8 });
    const source = chunked(data, 256 * 1024);
    const run = pipeline(source, writer);
    await expect.poll(() => writer.bytesWritten, { interval: 5 }).toBeGreaterThan(0);
    writer.destroy(new Error('stop'));
    expect((await rejection(run)).message).toBe('stop');
    await expect.poll(() => openHandles(file)).toBe(0);
    const left = fs.readFileSync(file);
    expect(left.length).toBeLessThan(data.length);
    expect(sha(left)).toBe(sha(data.subarray(0, left.length)));
  });
});

describe('RemoteFileReader', () => {
  const data = randomBytes(6 * 1024 * 1024 + 1234);
  beforeAll(() => fs.writeFileSync(path.join(home, 'r.bin'), data));

  it('reads a file in order with many requests in flight', async () => {
    const { sftp: counted, seen } = counting(sftp);
    const reader = new RemoteFileReader(counted, remote('r.bin'), { maxInFlight: 16 });
    expect(sha(await collect(reader))).toBe(sha(data));
    expect(reader.bytesRead).toBe(data.length);
    expect(seen.mostReads).toBeGreaterThan(4);
    expect(seen.mostReads).toBeLessThanOrEqual(16);
    expect(openHandles(path.join(home, 'r.bin'))).toBe(0);
  });

  it('reads a range, exactly', async () => {
    const reader = new RemoteFileReader(sftp, remote('r.bin'), { start: 1000, length: 300_001 });
    expect(sha(await collect(reader))).toBe(sha(data.subarray(1000, 301_001)));
    const none = new RemoteFileReader(sftp, remote('r.bin'), { length: 0 });
    expect((await collect(none)).length).toBe(0);
  });

  it('completes short answers by asking again for the rest', async () => {
    const { sftp: short, seen } = counting(sftp, 10_000);
    const reader = new RemoteFileReader(short, remote('r.bin'), { blockSize: 65536 });
    expect(sha(await collect(reader))).toBe(sha(data));
    expect(seen.bytesAsked).toBeGreaterThan(data.length);
  });

  it('asks for no more than its window while the consumer does not read', async () => {
    const { sftp: counted, seen } = counting(sftp);
    const block = 32 * 1024;
    const reader = new RemoteFileReader(counted, remote('r.bin'), {
      blockSize: block,
      maxInFlight: 8,
    });
    const first = await new Promise<Buffer>((resolve) =>
      reader.once('data', (chunk: Buffer) => {
        reader.pause();
        resolve(chunk);
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    // The window (8), the stream's own buffer (4) and the chunk handed out: far below 6 MiB.
    expect(seen.bytesAsked).toBeLessThanOrEqual(14 * block);
    const asked = seen.bytesAsked;
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.bytesAsked).toBe(asked);
    const rest = await collect(reader);
    expect(sha(Buffer.concat([first, rest]))).toBe(sha(data));
  });

  it('fails for a missing file, and for a file shorter than promised', async () => {
    expect((await rejection(collect(new RemoteFileReader(sftp, remote('nope'))))).code).toBe(2);
    const short = new RemoteFileReader(sftp, remote('r.bin'), { length: data.length + 10 });
    expect((await rejection(collect(short))).message).toMatch(/changed while it was read/);
  });

  it('closes its handle when destroyed mid-way', async () => {
    const reader = new RemoteFileReader(sftp, remote('r.bin'), { blockSize: 4096 });
    const first = await new Promise<Buffer>((r) => reader.once('data', r));
    expect(first.length).toBeGreaterThan(0);
    reader.destroy();
    await expect.poll(() => openHandles(path.join(home, 'r.bin'))).toBe(0);
  });
});

describe('a cut connection', () => {
  it('fails a writer and a reader at once instead of leaving them waiting', async () => {
    const relay = await startTcpRelay(server);
    const cut = await connectSsh(passwordLogin(relay.server));
    try {
      const channel = await new Promise<SFTPWrapper>((resolve, reject) =>
        cut.sftp((err, s) => (err ? reject(err) : resolve(s))),
      );
      const writer = new RemoteFileWriter(channel, remote('cut.bin'));
      const writing = pipeline(generatedSlowly(64 * 1024 * 1024), writer);
      const reader = new RemoteFileReader(channel, '/dev/zero', { blockSize: 4096 });
      const reading = pipeline(
        reader,
        new Writable({ write: (_c, _e, done) => setTimeout(done, 5) }),
      );
      await expect.poll(() => writer.bytesWritten > 0 && reader.bytesRead > 0).toBe(true);
      relay.cut();
      expect((await rejection(writing)).message).toMatch(/No response|closed/);
      expect((await rejection(reading)).message).toMatch(/No response|closed/);
      await expect(sftpCalls(channel).stat(home)).rejects.toThrow(/closed/);
    } finally {
      cut.end();
      await relay.close();
    }
  });
});

describe('fanOut', () => {
  it('copies one read into several files; a failing one is dropped, the others finish', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    fs.writeFileSync(path.join(home, 'src.bin'), data);
    const sinks: FanOutSink[] = [
      { writable: new RemoteFileWriter(sftp, remote('a.bin')) },
      { writable: new RemoteFileWriter(sftp, '/dev/full', { flags: 'r+' }) },
      { writable: new RemoteFileWriter(sftp, remote('b.bin')) },
    ];
    await fanOut(new RemoteFileReader(sftp, remote('src.bin')), sinks);
    expect(sinks.map((s) => s.error?.message ?? 'ok')).toEqual(['ok', expect.any(String), 'ok']);
    expect(sha(fs.readFileSync(path.join(home, 'a.bin')))).toBe(sha(data));
    expect(sha(fs.readFileSync(path.join(home, 'b.bin')))).toBe(sha(data));
  });

  it('fails every sink when the source fails, and paces the source by the slowest sink', async () => {
    const failing: FanOutSink[] = [{ writable: new RemoteFileWriter(sftp, remote('c.bin')) }];
    await fanOut(new RemoteFileReader(sftp, remote('absent')), failing);
    expect((failing[0]!.error as { code?: unknown }).code).toBe(2);

    let slowTook = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _e, done) {
        slowTook += chunk.length;
        setTimeout(done, 2);
      },
    });
    const fast: FanOutSink = { writable: new RemoteFileWriter(sftp, remote('d.bin')) };
    const source = chunked(randomBytes(2 * 1024 * 1024), 16 * 1024);
    let mostAhead = 0;
    const watch = setInterval(() => {
      const written = (fast.writable as RemoteFileWriter).bytesWritten;
      mostAhead = Math.max(mostAhead, written - slowTook);
    }, 1);
    await fanOut(source, [{ writable: slow }, fast]);
    clearInterval(watch);
    expect(slowTook).toBe(2 * 1024 * 1024);
    expect(mostAhead).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('remote trees and directories', () => {
  it('makes missing parents, and walks a tree without following links', async () => {
    const calls = sftpCalls(sftp);
    await makeDirectories(calls, remote('t/a/b'));
    await makeDirectories(calls, remote('t/a/b'));
    fs.writeFileSync(path.join(home, 't/a/f.txt'), 'hello');
    fs.chmodSync(path.join(home, 't/a/f.txt'), 0o751);
    fs.symlinkSync('../a/f.txt', path.join(home, 't/link'));
    expect(await walkRemoteTree(calls, remote('t'))).toEqual([
      { kind: 'dir', path: '', mode: expect.any(Number) },
      { kind: 'dir', path: 'a', mode: expect.any(Number) },
      { kind: 'link', path: 'link', target: '../a/f.txt' },
      { kind: 'dir', path: 'a/b', mode: expect.any(Number) },
      { kind: 'file', path: 'a/f.txt', mode: 0o751, size: 5 },
    ]);
    fs.writeFileSync(path.join(home, 'plain'), '');
    expect((await rejection(makeDirectories(calls, remote('plain/x')))).code).toBe(2);
  });
});
