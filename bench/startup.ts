/**
 * Start-up time of the console: process start → "Ferry is running" (the port listens), for the
 * compiled server `npm start` runs against the TypeScript sources under tsx, on one migrated and
 * seeded data dir, alternating. Prints each median and the ratio compiled / tsx. Build first
 * (`npm run build`).
 *
 *   npm run bench:startup [-- --runs 5]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const runs = arg('runs', 5);
const root = path.resolve(import.meta.dirname, '..');
const variants = {
  tsx: ['--import', 'tsx', 'server/src/main.ts'],
  compiled: ['--enable-source-maps', 'server/dist/main.mjs'],
};
if (!fs.existsSync(path.join(root, 'server/dist/main.mjs'))) {
  throw new Error('server/dist/main.mjs is missing: run `npm run build` first');
}

/** Milliseconds from spawn to the "running" line; the process is then stopped. */
function startOnce(args: string[], dataDir: string): Promise<number> {
  const t = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      FERRY_DATA_DIR: dataDir,
      FERRY_HOST: '127.0.0.1',
      FERRY_PORT: '0',
      FERRY_LOG_LEVEL: 'warn',
      FERRY_ADMIN_PASSWORD: 'Bench123!',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('Ferry is running')) return;
      const ms = performance.now() - t;
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      if (!out.includes('Ferry is running')) reject(new Error(`exited ${code}: ${out}`));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-startup-'));
const times: Record<string, number[]> = { tsx: [], compiled: [] };
try {
  await startOnce(variants.compiled, dataDir); // migrates and seeds; not counted
  for (let i = 0; i < runs; i++) {
    for (const [name, args] of Object.entries(variants))
      times[name]!.push(await startOnce(args, dataDir));
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Node ${process.versions.node}, ${runs} starts each`);
for (const [name, xs] of Object.entries(times)) {
  console.log(
    `${name.padEnd(9)} median ${median(xs).toFixed(0)} ms  (${xs.map((x) => x.toFixed(0)).join(', ')})`,
  );
}
console.log(`ratio compiled / tsx: ${(median(times.compiled!) / median(times.tsx!)).toFixed(2)}`);
