/**
 * The deploy log of a big build, in one run against baselines measured alongside:
 * (a) showing its end: the last 20,000 lines of a 100,000-line log, read from the end of the file
 *     vs read whole and split (the way it was read before);
 * (b) the console's event-loop delay while a build prints 100,000 lines: a real child process's
 *     output through the deploy log (buffered writes) vs the same log written with one blocking
 *     `writeSync` per line (the way it was written before).
 * Prints each figure and the ratio ours / baseline (below 1: ours faster or calmer).
 *
 *   npm run bench:deploy-log [-- --lines 100000 --rounds 5]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  createDeployLog,
  readDeployLog,
  type LogLine,
} from '../server/src/features/deploy/deploy-log.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const LINES = arg('lines', 100_000);
const ROUNDS = arg('rounds', 5);
const SHOWN = 20_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-log-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The build: a shell loop printing `LINES` lines of compiler-like output. */
const BUILD = `for i in $(seq 1 ${LINES}); do echo "[$i/${LINES}] compiling src/module-$i.ts ... ok"; done`;

/** The old writer: the same log lines, one blocking write each. */
function blockingLog(file: string) {
  const fd = fs.openSync(file, 'a', 0o600);
  return {
    stage() {
      let pending = '';
      return {
        push(chunk: string) {
          const parts = (pending + chunk).split('\n');
          pending = parts.pop() ?? '';
          for (const line of parts) {
            fs.writeSync(fd, JSON.stringify({ stage: 'afterPull', serverId: 0, line }) + '\n');
          }
        },
      };
    },
    close: async () => fs.closeSync(fd),
  };
}

/** Streams the build through `log` while sampling the event loop; answers delay figures. */
async function streamBuild(log: {
  stage(s: 'afterPull'): { push(c: string): void };
  close(): Promise<void>;
}) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  const out = log.stage('afterPull');
  const started = performance.now();
  h.enable();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('bash', ['-c', BUILD], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => out.push(c));
    child.on('error', reject);
    child.on('close', () => resolve());
  });
  await log.close();
  h.disable();
  return { p99: h.percentile(99) / 1e6, max: h.max / 1e6, total: performance.now() - started };
}

async function tailBaseline(file: string): Promise<LogLine[]> {
  const raw = (await fs.promises.readFile(file, 'utf8')).split('\n').filter((l) => l !== '');
  return raw.slice(-SHOWN).map((l) => JSON.parse(l) as LogLine);
}

async function main() {
  console.log(`deploy log bench: ${LINES} lines, ${ROUNDS} rounds, median of each`);
  const ours = { p99: [] as number[], max: [] as number[], total: [] as number[] };
  const base = { p99: [] as number[], max: [] as number[], total: [] as number[] };
  let file = '';
  for (let r = 0; r < ROUNDS; r++) {
    const a = path.join(dir, `ours-${r}.jsonl`);
    const b = path.join(dir, `base-${r}.jsonl`);
    // Alternate the order, so that neither always runs on a warmer machine.
    const runs: Array<[typeof ours, () => Promise<Awaited<ReturnType<typeof streamBuild>>>]> = [
      [ours, () => streamBuild(createDeployLog({ file: a, secrets: [], publish: () => {} }))],
      [base, () => streamBuild(blockingLog(b))],
    ];
    if (r % 2) runs.reverse();
    for (const [into, run] of runs) {
      const m = await run();
      into.p99.push(m.p99);
      into.max.push(m.max);
      into.total.push(m.total);
    }
    file = a;
  }
  const lines = (await readDeployLog(file, LINES * 2)).lines.length;
  if (lines !== LINES) throw new Error(`the log holds ${lines} lines, not ${LINES}`);

  const tailOurs: number[] = [];
  const tailBase: number[] = [];
  for (let r = 0; r < ROUNDS * 2; r++) {
    let t = performance.now();
    const mine = await readDeployLog(file, SHOWN);
    tailOurs.push(performance.now() - t);
    t = performance.now();
    const theirs = await tailBaseline(file);
    tailBase.push(performance.now() - t);
    if (mine.lines.at(-1)?.line !== theirs.at(-1)?.line) throw new Error('tails differ');
  }

  const row = (what: string, a: number, b: number) =>
    console.log(
      `${what.padEnd(44)} ours ${ms(a).padStart(10)}  baseline ${ms(b).padStart(10)}  ratio ${(a / b).toFixed(2)}`,
    );
  const size = fs.statSync(file).size / 1024 / 1024;
  console.log(`log file: ${size.toFixed(1)} MB`);
  row(`show the last ${SHOWN} lines (server read)`, median(tailOurs), median(tailBase));
  row('event-loop delay while streaming, p99', median(ours.p99), median(base.p99));
  row('event-loop delay while streaming, max', median(ours.max), median(base.max));
  row('build streamed and written, total', median(ours.total), median(base.total));
}

try {
  await main();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
