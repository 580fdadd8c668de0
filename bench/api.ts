/**
 * Throughput of the guarded `/user/info` (session cookie → user → namespace membership →
 * permissions → envelope) against a bare Fastify route answering the same envelope, on this
 * machine, in the same run. Target: the guarded route reaches at least 60% of the bare one.
 *
 *   npm run bench:api [-- --seconds 10 --connections 10]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { BENCH_PASSWORD, startBenchConsole } from './bench-console.js';

const execFileAsync = promisify(execFile);

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const seconds = arg('seconds', 5);
const connections = arg('connections', 10);

/** The load comes from a separate autocannon process, so it does not share the server's core. */
async function measure(url: string, headers: Record<string, string>, duration = seconds) {
  const args = ['-c', String(connections), '-d', String(duration), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout: out } = await execFileAsync(path.resolve('node_modules/.bin/autocannon'), [
    ...args,
    url,
  ]);
  const r = JSON.parse(out) as autocannon.Result;
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const bench = await startBenchConsole('api');
const port = Number(bench.host.split(':')[1]);
const login = await fetch(`http://127.0.0.1:${port}/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ account: 'admin', password: BENCH_PASSWORD }),
});
const { data } = (await login.json()) as { data: { token: string } };

// The baseline answers the very same bytes, so only the guard and the plugins differ.
const sample = await fetch(`http://127.0.0.1:${port}/user/info`, {
  headers: { cookie: `goploy_token=${data.token}`, 'g-n-id': '1' },
});
const sameBody: unknown = await sample.json();
const bare = Fastify();
bare.get('/user/info', () => sameBody);
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

const rounds = arg('rounds', 3);
const bareUrl = `http://127.0.0.1:${barePort}/user/info`;
const guardedUrl = `http://127.0.0.1:${port}/user/info`;
const auth = { cookie: `goploy_token=${data.token}`, 'g-n-id': '1' };
console.log(
  `${rounds} rounds of ${seconds} s per route, ${connections} connections, Node ${process.version}, ${os.cpus().length} cores`,
);
// Warm both up, then alternate so a busy moment of the machine hits both alike.
await measure(bareUrl, {}, 2);
await measure(guardedUrl, auth, 2);
const ratios: number[] = [];
for (let i = 1; i <= rounds; i++) {
  const baseline = await measure(bareUrl, {});
  const guarded = await measure(guardedUrl, auth);
  ratios.push(guarded.rps / baseline.rps);
  console.log(
    `round ${i}: bare ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99} ms), ` +
      `guarded ${guarded.rps.toFixed(0)} req/s (p99 ${guarded.p99} ms), ratio ${(ratios.at(-1)! * 100).toFixed(1)}%`,
  );
}
const ratio = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
console.log(
  `ratio: ${(ratio * 100).toFixed(1)}% of the bare route, median of ${rounds} (target ≥ 60%) ${ratio >= 0.6 ? 'PASS' : 'FAIL'}`,
);

await bare.close();
await bench.close();
process.exit(ratio >= 0.6 ? 0 : 1);
