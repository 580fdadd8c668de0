/**
 * The web terminal against a plain SSH shell to the same real sshd, in one run:
 * (a) keystroke echo latency: one printable character at a time, until it comes back; target: the
 *     console adds at most 5 ms (median);
 * (b) throughput: `seq 1 3000000` through the console vs direct; target: at least 50%;
 * (c) memory: 50 terminals open at once through the console, growth per terminal (reported).
 * The console records every session as it does in production (gzip asciicast), so that cost is
 * in the numbers. Needs root (the sshd runs as a throwaway Linux user).
 *
 *   npx tsx bench/terminal.ts [-- --keys 200 --terminals 50]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { ClientChannel } from 'ssh2';
import { WebSocket } from 'ws';
import { connectSsh } from '../server/src/infra/ssh/connect.js';
import { startSshdFleet } from '../server/test/sshd-fleet.js';
import { BENCH_PASSWORD, startBenchConsole } from './bench-console.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const KEYS = arg('keys', 200);
const TERMINALS = arg('terminals', 50);
const SEQ = 3_000_000;
const MAX_ADDED_MS = 5;
const MIN_RATIO = 0.5;
const COLS = 1000; // wide, so 200 typed characters never wrap and redraw the line

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** One terminal as the bench drives it: write text, wait for output to match. */
interface Term {
  send(text: string): void;
  /** Bytes received since the last `reset`. */
  bytes: number;
  reset(): void;
  /** Resolves once the output since the last `reset` ends with something `test` accepts. */
  until(test: (tail: string) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

function term(send: (text: string) => void, close: () => void): Term & { feed(b: Buffer): void } {
  let tail = '';
  let waiter: { test: (t: string) => boolean; resolve: () => void } | undefined;
  const t = {
    bytes: 0,
    send,
    close,
    reset() {
      tail = '';
      t.bytes = 0;
    },
    feed(chunk: Buffer) {
      t.bytes += chunk.length;
      // Only the end is searched: a flood of output must not make the check itself slow.
      tail = (tail + chunk.subarray(-512).toString('latin1')).slice(-512);
      if (waiter?.test(tail)) {
        const w = waiter;
        waiter = undefined;
        w.resolve();
      }
    },
    until(test: (tail: string) => boolean, timeoutMs = 60_000) {
      if (test(tail)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out; output ends ${JSON.stringify(tail)}`)),
          timeoutMs,
        );
        waiter = { test, resolve: () => (clearTimeout(timer), resolve()) };
      });
    },
  };
  return t;
}

/** Waits until the shell has printed its prompt and gone quiet. */
async function settled(t: Term) {
  await t.until((tail) => /[$#] $/.test(tail), 20_000);
  await new Promise((r) => setTimeout(r, 200));
  t.reset();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const fleet = await startSshdFleet({ count: 1 });
const sshd = fleet.servers[0]!;
const bench = await startBenchConsole('terminal', { logLevel: 'warn' });
const base = bench.host;

const api = async <T>(method: string, url: string, body: unknown, token?: string) => {
  const res = await fetch(`http://${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'g-n-id': '1',
      ...(token ? { cookie: `goploy_token=${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; message: string; data: T };
  if (env.code !== 0) throw new Error(`${url}: ${env.code} ${env.message}`);
  return env.data;
};
const { token } = await api<{ token: string }>('POST', '/user/login', {
  account: 'admin',
  password: BENCH_PASSWORD,
});
const { id: serverId } = await api<{ id: number }>(
  'POST',
  '/server/add',
  {
    name: 'bench',
    ip: sshd.host,
    port: sshd.port,
    owner: sshd.user,
    authType: 'password',
    password: sshd.password,
  },
  token,
);

/** A terminal through the console's `/ws/xterm`, as the browser opens it. */
async function consoleTerm(): Promise<Term> {
  const ws = new WebSocket(
    `ws://${base}/ws/xterm?G-N-ID=1&serverId=${serverId}&rows=24&cols=${COLS}`,
    {
      headers: { cookie: `goploy_token=${token}` },
    },
  );
  const t = term(
    (text) => ws.send(text),
    () => ws.close(),
  );
  ws.on('message', (data: Buffer) => t.feed(data));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  await settled(t);
  return t;
}

/** The baseline: a shell straight from ssh2 to the same sshd, with the same PTY. */
async function directTerm(): Promise<Term> {
  const client = await connectSsh({
    host: sshd.host,
    port: sshd.port,
    user: sshd.user,
    auth: { kind: 'password', password: sshd.password },
  });
  const stream = await new Promise<ClientChannel>((resolve, reject) =>
    client.shell({ term: 'xterm-256color', rows: 24, cols: COLS }, (err, s) =>
      err ? reject(err) : resolve(s),
    ),
  );
  const t = term(
    (text) => stream.write(text),
    () => client.end(),
  );
  stream.on('data', (b: Buffer) => t.feed(b));
  await settled(t);
  return t;
}

/** Milliseconds from sending one character until the shell's echo of it arrives. */
async function keystroke(t: Term, ch: string): Promise<number> {
  t.reset();
  const started = performance.now();
  t.send(ch);
  await t.until((tail) => tail.includes(ch), 5_000);
  return performance.now() - started;
}

/** Bytes per second of `seq 1 SEQ` arriving, until the marker after it. */
async function flood(t: Term): Promise<number> {
  t.send('stty -echo\r');
  await new Promise((r) => setTimeout(r, 300));
  t.reset();
  const started = performance.now();
  // The marker is computed by the shell, so the command line itself never matches it.
  t.send(`seq 1 ${SEQ}; echo END-$((6*7))\r`);
  await t.until((tail) => tail.includes('END-42'), 120_000);
  const rate = t.bytes / ((performance.now() - started) / 1000);
  t.send('stty echo\r');
  await new Promise((r) => setTimeout(r, 300));
  return rate;
}

/**
 * Memory per open terminal. Measured first, on a process that has not yet held megabytes of
 * flood output, after a warm-up terminal has loaded every code path. The browser ends of the
 * sockets live in this process too; they are a small part of it.
 */
async function memoryPerTerminal(): Promise<string> {
  (await consoleTerm()).close();
  await new Promise((r) => setTimeout(r, 300));
  gc();
  const before = process.memoryUsage();
  const many: Term[] = [];
  for (let i = 0; i < TERMINALS; i += 10) {
    const batch = Math.min(10, TERMINALS - i);
    many.push(...(await Promise.all(Array.from({ length: batch }, () => consoleTerm()))));
  }
  await new Promise((r) => setTimeout(r, 500));
  gc();
  const after = process.memoryUsage();
  for (const t of many) t.close();
  await new Promise((r) => setTimeout(r, 500));
  const per = (key: 'rss' | 'heapUsed' | 'external') =>
    `${((after[key] - before[key]) / TERMINALS / 1024).toFixed(0)} KiB`;
  return (
    `(c) ${TERMINALS} terminals open at once: per terminal RSS +${per('rss')}, ` +
    `JS heap +${per('heapUsed')}, external +${per('external')}`
  );
}

console.log(`Node ${process.version}, ${os.cpus().length} cores, OpenSSH on loopback`);
const memoryLine = await memoryPerTerminal();
const viaConsole = await consoleTerm();
const direct = await directTerm();

// (a) Alternate the two paths per keystroke, so a busy moment of the machine hits both alike.
const letters = 'abcdefghijklmnopqrstuvwxyz';
for (let i = 0; i < 20; i++) {
  await keystroke(viaConsole, letters[i % 26]!);
  await keystroke(direct, letters[i % 26]!);
}
const consoleMs: number[] = [];
const directMs: number[] = [];
for (let i = 0; i < KEYS; i++) {
  if (i % 50 === 0) {
    viaConsole.send('\x15'); // ^U clears the typed line
    direct.send('\x15');
    await new Promise((r) => setTimeout(r, 50));
  }
  consoleMs.push(await keystroke(viaConsole, letters[i % 26]!));
  directMs.push(await keystroke(direct, letters[i % 26]!));
}
viaConsole.send('\x15');
direct.send('\x15');
await new Promise((r) => setTimeout(r, 200));
const added = median(consoleMs) - median(directMs);
console.log(
  `(a) echo latency over ${KEYS} keystrokes: console median ${median(consoleMs).toFixed(2)} ms, ` +
    `direct median ${median(directMs).toFixed(2)} ms, added ${added.toFixed(2)} ms ` +
    `(target ≤ ${MAX_ADDED_MS} ms) ${added <= MAX_ADDED_MS ? 'PASS' : 'FAIL'}`,
);

// (b) Three rounds each, alternating; the median round of each path counts.
const consoleRates: number[] = [];
const directRates: number[] = [];
for (let round = 0; round < 3; round++) {
  directRates.push(await flood(direct));
  consoleRates.push(await flood(viaConsole));
}
const mb = (bps: number) => `${(bps / 1024 / 1024).toFixed(1)} MiB/s`;
const ratio = median(consoleRates) / median(directRates);
console.log(
  `(b) seq 1 ${SEQ}: console ${mb(median(consoleRates))}, direct ${mb(median(directRates))}, ` +
    `ratio ${(ratio * 100).toFixed(1)}% (target ≥ ${MIN_RATIO * 100}%) ${ratio >= MIN_RATIO ? 'PASS' : 'FAIL'}`,
);
viaConsole.close();
direct.close();
await new Promise((r) => setTimeout(r, 500));

console.log(memoryLine);

const pass = added <= MAX_ADDED_MS && ratio >= MIN_RATIO;
console.log(pass ? 'PASS' : 'FAIL');
await bench.close();
await fleet.stopAll();
process.exit(pass ? 0 : 1);
