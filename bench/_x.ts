import { performance } from 'node:perf_hooks';
import { startSshdFleet } from '../server/test/sshd-fleet.js';
import { BENCH_PASSWORD, startBenchConsole } from './bench-console.js';
const fleet = await startSshdFleet({ count: 1 });
const bench = await startBenchConsole('exec', { logLevel: 'warn' });
let token = '';
const call = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`http://${bench.host}${url}`, { method, headers: { 'content-type': 'application/json', 'g-n-id': '1', cookie: `goploy_token=${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; data: any };
};
token = (await call('POST', '/user/login', { account: 'admin', password: BENCH_PASSWORD })).data.token;
const s = fleet.servers[0]!;
const id = (await call('POST', '/server/add', { name: 'x', ip: s.host, port: s.port, owner: s.user, authType: 'password', password: s.password })).data.id;
const PRINT = process.argv[2] ?? `yes 'a line of output as a build or a log prints it, 64 bytes long..' | head -c 20000000`;
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
const ss = new Session(); ss.connect(); await ss.post('Profiler.enable');
for (let i = 0; i < 4; i++) {
  if (i === 2) await ss.post('Profiler.start');
  const t = performance.now();
  const r = await call('POST', '/server/execScript', { serverIds: [id], script: PRINT });
  const ms = performance.now() - t;
  console.log(r.code, (20 / (ms / 1000)).toFixed(0), 'MB/s', ms.toFixed(0), 'ms');
}
const { profile } = await ss.post('Profiler.stop'); fs.writeFileSync('/tmp/prof/x.cpuprofile', JSON.stringify(profile));
await bench.close(); await fleet.stopAll(); process.exit(0);
