/**
 * The console side of the SFTP bench: a file uploaded in chunks and downloaded over HTTP as the
 * web app does, and a directory listed over `/ws/sftp`, against a console running in-process.
 * The HTTP client is `curl`, a process of its own as a browser is, so the console's thread does
 * only the console's work.
 */
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { UPLOAD_CHUNK_BYTES } from '@ferry/contract';
import { WebSocket } from 'ws';
import type { SshdServer } from '../server/test/sshd-fleet.js';
import { BENCH_PASSWORD, type BenchConsole } from './bench-console.js';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** What the bench asks of the console. */
export interface SftpConsole {
  serverId: number;
  /**
   * Cuts `local` into the chunks the web app sends, beside it (untimed, before any copy is timed,
   * so their writing never overlaps one): a browser slices its file without writing anything.
   */
  prepareUpload(local: string): Promise<void>;
  /** Uploads `local` (prepared) to `file` on the server; resolves with the ms the transfer took. */
  upload(local: string, file: string): Promise<number>;
  /** Downloads `file` into `local`; resolves with the ms the transfer took. */
  download(file: string, local: string): Promise<number>;
  /** Whether this console has the `/ws/sftp` socket route. */
  hasListingSocket: boolean;
  /** Lists `dir` over `/ws/sftp`: ms until the first rows and until all `expected` rows. */
  list(dir: string, expected: number): Promise<{ firstMs: number; allMs: number }>;
}

/** One request on a connection of its own; resolves with the answer (body unread). */
function send(
  bench: BenchConsole,
  method: string,
  url: string,
  headers: Record<string, string | number>,
  body?: Buffer | fs.ReadStream | string,
): Promise<http.IncomingMessage> {
  const [hostname, port] = bench.host.split(':');
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: url, headers, agent: false }, resolve);
    req.on('error', reject);
    if (body instanceof fs.ReadStream) body.pipe(req);
    else req.end(body);
  });
}

async function envelope<T>(res: http.IncomingMessage, what: string): Promise<T> {
  let text = '';
  for await (const part of res) text += (part as Buffer).toString('utf8');
  const env = JSON.parse(text) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${what}: ${env.code} ${env.message}`);
  return env.data;
}

export async function connectSftpConsole(
  bench: BenchConsole,
  server: SshdServer,
): Promise<SftpConsole> {
  const json = async <T>(method: string, url: string, body: unknown, token?: string) => {
    const headers = {
      'content-type': 'application/json',
      'g-n-id': '1',
      ...(token ? { cookie: `goploy_token=${token}` } : {}),
    };
    return envelope<T>(await send(bench, method, url, headers, JSON.stringify(body)), url);
  };
  const { token } = await json<{ token: string }>('POST', '/user/login', {
    account: 'admin',
    password: BENCH_PASSWORD,
  });
  const form = {
    name: 'bench',
    ip: server.host,
    port: server.port,
    owner: server.user,
    authType: 'password',
    password: server.password,
  };
  const { id: serverId } = await json<{ id: number }>('POST', '/server/add', form, token);
  const curlAuth = [
    '-sS',
    '--fail-with-body',
    '-H',
    `cookie: goploy_token=${token}`,
    '-H',
    'g-n-id: 1',
  ];
  const query = (q: Record<string, string | number>) =>
    new URLSearchParams(
      Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();

  const prepared = new Map<string, string[]>();

  return {
    serverId,
    hasListingSocket: bench.app.routes.some((r) => r.url === '/ws/sftp'),

    async prepareUpload(local) {
      prepared.set(local, await splitFile(local, UPLOAD_CHUNK_BYTES));
    },

    /**
     * Every chunk in turn, as the web app sends them: one request each, one after the other, on
     * one kept-alive connection (a browser's XHRs reuse theirs).
     */
    async upload(local, file) {
      const size = fs.statSync(local).size;
      const chunks = prepared.get(local);
      if (!chunks) throw new Error(`${local} was not prepared`);
      const args = [...curlAuth, '-H', 'content-type: application/octet-stream', '-w', '\\n'];
      let offset = 0;
      for (const chunk of chunks) {
        const url = `http://${bench.host}/server/uploadChunk?${query({ serverId, file, size, offset })}`;
        args.push('-T', chunk, url);
        offset += fs.statSync(chunk).size;
      }
      const started = performance.now();
      const answers = await curl(args);
      const ms = performance.now() - started;
      const envelopes = answers.trim().split('\n');
      for (const line of envelopes) {
        const env = JSON.parse(line) as Envelope<{ done: boolean }>;
        if (env.code !== 0) throw new Error(`uploadChunk: ${env.code} ${env.message}`);
      }
      if (envelopes.length !== chunks.length) throw new Error(`uploadChunk: answers ${answers}`);
      return ms;
    },

    async download(file, local) {
      const url = `http://${bench.host}/server/downloadFile?${query({ id: serverId, file })}`;
      const started = performance.now();
      await curl([...curlAuth, '-o', local, url]);
      const ms = performance.now() - started;
      if (fs.statSync(local).size < 4096 && fs.readFileSync(local, 'utf8').startsWith('{')) {
        throw new Error(`downloadFile: ${fs.readFileSync(local, 'utf8')}`);
      }
      return ms;
    },

    list(dir, expected) {
      const url = `ws://${bench.host}/ws/sftp?${query({ serverId, token, 'G-N-ID': 1 })}`;
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        let started = 0;
        let firstMs = 0;
        let rows = 0;
        ws.on('open', () => {
          started = performance.now();
          ws.send(JSON.stringify({ op: 'list', id: 1, path: dir }));
        });
        ws.on('message', (data: Buffer) => {
          const frame = JSON.parse(data.toString('utf8')) as Envelope<unknown[]> & {
            done?: boolean;
          };
          if (frame.code !== 0) return reject(new Error(`list: ${frame.code} ${frame.message}`));
          rows += frame.data.length;
          if (!firstMs && rows > 0) firstMs = performance.now() - started;
          if (!frame.done) return;
          ws.close();
          if (rows !== expected) reject(new Error(`listed ${rows} entries, not ${expected}`));
          else resolve({ firstMs, allMs: performance.now() - started });
        });
        ws.on('error', reject);
        ws.on('close', (code, reason) => {
          if (rows < expected) reject(new Error(`socket closed ${code} ${reason.toString()}`));
        });
      });
    },
  };
}

/** Runs curl; resolves with what it printed, rejects with its error. */
function curl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`curl exited ${code}: ${err.trim()} ${out}`)),
    );
  });
}

/**
 * `local` cut into files of at most `size` bytes beside it (untimed), as the web app cuts a file
 * into chunks: curl uploads each file as one request body.
 */
async function splitFile(local: string, size: number): Promise<string[]> {
  const total = fs.statSync(local).size;
  const parts: string[] = [];
  for (let start = 0, i = 0; start < total || i === 0; start += size, i++) {
    const part = `${local}.part${i}`;
    await pipeline(
      fs.createReadStream(local, { start, end: Math.min(total, start + size) - 1 }),
      fs.createWriteStream(part),
    );
    parts.push(part);
    if (start + size >= total) break;
  }
  return parts;
}
