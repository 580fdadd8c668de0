import { createCipheriv, createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import type { Envelope } from '@ferry/contract';
import type { TestApp } from './build-test-app.js';
import { run } from './linux-accounts.js';
import type { StreamOutcome, StreamSpec } from './stream-client.js';
import type { SshdServer } from './sshd-fleet.js';

/** The test user's home on `s`: the same path from the test and over SFTP. */
export const homeOf = (s: SshdServer) => path.join(s.dir, 'home');

/** Writes `rel` under the home of `s` as its user would have (owned by that user). */
export function writeAs(s: SshdServer, rel: string, content: string | Buffer, mode = 0o644) {
  const file = path.join(homeOf(s), rel);
  const made = fs.mkdirSync(path.dirname(file), { recursive: true });
  if (made) chownTree(s, made);
  fs.writeFileSync(file, content, { mode });
  fs.chmodSync(file, mode);
  fs.chownSync(file, s.uid, s.uid);
  return file;
}

/** Gives everything under `dir` to the user of `s`. */
export function chownTree(s: SshdServer, dir: string): void {
  fs.chownSync(dir, s.uid, s.uid);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) chownTree(s, p);
    else fs.lchownSync(p, s.uid, s.uid);
  }
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The sha256 of a file, read as a stream (for large files). */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of fs.createReadStream(file)) hash.update(part as Buffer);
  return hash.digest('hex');
}

/** Every `sftp_log` row, oldest first. */
export const sftpRows = (t: TestApp) =>
  t.db.selectFrom('sftp_log').selectAll().orderBy('id', 'asc').execute();

const PATTERN_BLOCK = 1024 * 1024;
const PATTERN_KEY = Buffer.alloc(32, 7);

/** Block `k` of the test pattern: 1 MiB of AES-CTR keystream, the same in every run. */
function patternBlock(k: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(k) * 65536n, 8);
  return createCipheriv('aes-256-ctr', PATTERN_KEY, iv).update(Buffer.alloc(PATTERN_BLOCK));
}

/**
 * Bytes `from` to `size` of a pseudo-random pattern (the same bytes at the same offsets in
 * every call, so a resumed upload can send "the rest"), made as they are read, with their hash
 * once all were read. `pace` slows the producer (ms per MiB).
 */
export function generated(size: number, opts: { from?: number; pace?: number } = {}) {
  const hash = createHash('sha256');
  let at = opts.from ?? 0;
  const stream = new Readable({
    read() {
      if (at >= size) return void this.push(null);
      const k = Math.floor(at / PATTERN_BLOCK);
      const start = at - k * PATTERN_BLOCK;
      const part = patternBlock(k).subarray(
        start,
        Math.min(PATTERN_BLOCK, size - k * PATTERN_BLOCK),
      );
      at += part.length;
      hash.update(part);
      if (opts.pace) setTimeout(() => this.push(part), opts.pace);
      else this.push(part);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** The sha256 of the first `size` bytes of the pattern. */
export async function patternSha256(size: number): Promise<string> {
  const { stream, digest } = generated(size);
  for await (const part of stream) void part;
  return digest();
}

/** Bytes `from` to `size` of the pattern, whole. */
export async function patternBytes(size: number, from = 0): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of generated(size, { from }).stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A console listening on a real port (streams, cut connections and memory need one). */
export async function listening(t: TestApp): Promise<string> {
  const address = t.fastify.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await t.fastify.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.fastify.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

export interface HttpCall {
  token: string;
  ns?: number;
  query?: Record<string, string | number | string[]>;
  headers?: Record<string, string | number>;
  body?: Buffer | Readable;
}

/** One request over real HTTP; resolves with the answer's head and its body as a stream. */
export function httpRequest(
  base: string,
  method: string,
  route: string,
  call: HttpCall,
): Promise<http.IncomingMessage> {
  const url = new URL(route, base);
  for (const [k, v] of Object.entries(call.query ?? {})) {
    for (const one of [v].flat()) url.searchParams.append(k, String(one));
  }
  const req = http.request(url, {
    method,
    headers: {
      cookie: `goploy_token=${call.token}`,
      'g-n-id': String(call.ns ?? 1),
      ...call.headers,
    },
  });
  return new Promise((resolve, reject) => {
    req.on('response', resolve).on('error', reject);
    if (call.body instanceof Readable) {
      call.body.on('error', () => req.destroy());
      call.body.pipe(req);
    } else req.end(call.body);
  });
}

/** The answer's body, whole. */
export async function bodyOf(res: http.IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of res) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** One request over real HTTP that answers with an envelope. */
export async function httpEnvelope<T = unknown>(
  base: string,
  method: string,
  route: string,
  call: HttpCall,
): Promise<Envelope<T>> {
  const res = await httpRequest(base, method, route, call);
  return JSON.parse((await bodyOf(res)).toString('utf8')) as Envelope<T>;
}

/**
 * Runs one request in a client process of its own (`stream-client.ts`), so what it makes and
 * reads does not count in this process's memory.
 */
export async function streamInChild(spec: StreamSpec): Promise<StreamOutcome> {
  const client = fileURLToPath(new URL('./stream-client.ts', import.meta.url));
  const stdout = await run(process.execPath, ['--import', 'tsx', client, JSON.stringify(spec)]);
  return JSON.parse(stdout) as StreamOutcome;
}

/** V8's full collection, made callable in this process (vitest does not start Node with it). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * The most this process's resident memory grew above where it was when this was called, sampled
 * every 20 ms until `stop()`, with a full collection every 40 ms: what the work holds, not the
 * garbage V8 lets pile up (it collects Buffers only after 64 MiB more of them were made). Measure
 * after a warm-up of the same work: the first burst of allocations grows V8's young generation
 * once, whatever the size of the work.
 */
export function watchRss() {
  const gc = collector();
  const start = process.memoryUsage.rss();
  let most = start;
  let ticks = 0;
  const timer = setInterval(() => {
    most = Math.max(most, process.memoryUsage.rss());
    if (++ticks % 2 === 0) gc();
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(most, process.memoryUsage.rss()) - start;
    },
  };
}
