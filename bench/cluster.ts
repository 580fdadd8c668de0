/**
 * Several consoles on one PostgreSQL database against one console, in one run (decision 0044):
 *  - the same 30 deploys of 30 projects (a small git project each, 3 per server, so every one of
 *    the 10 real sshd servers gets 3) published at once, through one console process on its own
 *    database, and through three console processes on another database of the same server
 *    (publishes spread over the three). Both sets of consoles stay up the whole run; each round
 *    commits a change, then deploys it through both, the order alternating, each set once the
 *    machine is quiet. Wall time from the first publish until the last deploy ended; the ratio
 *    is the median of the rounds' ratios. Also printed: where the CPU went (consoles, the
 *    programs they ran, PostgreSQL, the sshd servers) and how many deploys ran on the console
 *    holding their project's warm working copy.
 *    Target: three consoles ≤ 1.1× one console (coordination costs nothing visible; the cap,
 *    `FERRY_DEPLOY_CONCURRENCY`, is the same for the cluster as for the one console);
 *  - claim latency, p50 / p99: for each deploy, from the moment it could start (published, and
 *    a slot freed by the last deploy that ended before it started) until it started, read from
 *    the job rows. Reported;
 *  - takeover, p50 / p99: a deploy whose build takes a minute, its console killed (SIGKILL) once
 *    the build runs, until another console reports it ended. Target: ≤ 30 s.
 * The consoles run as `npm start` runs them (`server/src/main.ts`), PostgreSQL 15 as the tests
 * run it (`scripts/postgres-server.mjs`). Needs root (the sshd servers run as throwaway users).
 *
 *   npm run bench:cluster [-- --rounds 4 --kills 5]   (an even number of rounds balances the order)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startPostgres } from '../scripts/postgres-server.mjs';
import { exitCode, startConsole, type StartedConsole } from '../server/test/console-process.js';
import { databaseUrl } from '../server/test/database-url.js';
import { createGitOrigin, type GitOrigin } from '../server/test/git-fixture.js';
import { processesRunning } from '../server/test/linux-processes.js';
import { serverForm } from '../server/test/server-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../server/test/sshd-fleet.js';
import { machineBusyMs, machineQuiet, processCpuMs, processFamilyCpuMs } from './cpu-account.js';
import { runBenchmark, table } from './report.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const KILLS = arg('kills', 5);
const ROUNDS = arg('rounds', 4);
const PROJECTS = 30;
const SERVERS = 10;
const MAX_RATIO = 1.1;
const MAX_TAKEOVER_MS = 30_000;
const PASSWORD = 'Bench123!';
const SECRET = 'cd'.repeat(32);

type Api = <T>(method: string, route: string, body?: unknown) => Promise<T>;

/** Signs in at the first console; the session works on every console of the database. */
async function session(first: StartedConsole): Promise<(c: StartedConsole) => Api> {
  const login = await fetch(`${first.url}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (c) => async (method, route, body) => {
    const query =
      method === 'GET' && body
        ? `?${new URLSearchParams(body as Record<string, string>).toString()}`
        : '';
    const res = await fetch(`${c.url}${route}${query}`, {
      method,
      headers: { cookie, 'g-n-id': '1', 'content-type': 'application/json' },
      ...(method !== 'GET' && body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const r = (await res.json()) as { code: number; message: string; data: unknown };
    if (r.code !== 0) throw new Error(`${route}: ${r.code} ${r.message}`);
    return r.data as never;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function statusOf(api: Api, token: string): Promise<string> {
  return (
    await api<{ status: string }>('GET', '/deploy/getPublishProgress', { lastPublishToken: token })
  ).status;
}

/** The median: the middle value, or the mean of the two middle ones of an even count. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
};

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** One database of the run's server, consoles on it, and a way to reach each. */
interface Cluster {
  consoles: StartedConsole[];
  apiOf: (c: StartedConsole) => Api;
  db: pg.Client;
  start(name: string): Promise<StartedConsole>;
}

async function cluster(pgUrl: string, name: string, count: number, work: string): Promise<Cluster> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = databaseUrl(pgUrl, name);
  const consoles: StartedConsole[] = [];
  const start = async (node: string) => {
    const c = await startConsole({
      FERRY_DATA_DIR: path.join(work, name, node),
      FERRY_DB_URL: url,
      FERRY_SECRET_KEY: SECRET,
      FERRY_ADMIN_PASSWORD: PASSWORD,
    });
    consoles.push(c);
    return c;
  };
  await Promise.all(Array.from({ length: count }, (_, i) => start(`node-${i}`)));
  const apiOf = await session(consoles[0]!);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return { consoles, apiOf, db, start };
}

/** The servers and the 30 projects, added through the first console. */
async function addProjects(c: Cluster, fleet: SshdFleet, origin: GitOrigin): Promise<number[]> {
  const api = c.apiOf(c.consoles[0]!);
  const serverIds: number[] = [];
  for (const s of fleet.servers) {
    serverIds.push((await api<{ id: number }>('POST', '/server/add', serverForm(s))).id);
  }
  const ids: number[] = [];
  for (let i = 0; i < PROJECTS; i++) {
    const server = fleet.servers[i % SERVERS]!;
    const project = await api<{ id: number }>('POST', '/project/add', {
      name: `p${i}`,
      repoType: 'git',
      url: origin.url,
      path: `${server.dir}/home/p${i}`,
      environment: 4,
      branch: 'main',
      serverIds: [serverIds[i % SERVERS]],
      transferType: 'rsync',
    });
    ids.push(project.id);
  }
  return ids;
}

/**
 * Publishes every project at once, spread over the consoles, once the machine is quiet (what the
 * set measured before left running has ended); the wall time until all ended, and the CPU time
 * the whole machine spent meanwhile.
 */
async function deployAll(
  c: Cluster,
  projectIds: number[],
): Promise<{ wall: number; cpu: number; parts: CpuParts }> {
  await machineQuiet();
  const partsBefore = cpuParts(c);
  const busyBefore = machineBusyMs() ?? NaN;
  const started = performance.now();
  const tokens = await Promise.all(
    projectIds.map(async (projectId, i) => {
      const api = c.apiOf(c.consoles[i % c.consoles.length]!);
      return (await api<{ token: string }>('POST', '/deploy/publish', { projectId })).token;
    }),
  );
  const api = c.apiOf(c.consoles[0]!);
  const pending = new Set(tokens);
  while (pending.size > 0) {
    for (const token of [...pending]) {
      const status = await statusOf(api, token);
      if (status === 'succeeded') pending.delete(token);
      else if (status !== 'queued' && status !== 'running') throw new Error(`deploy ${status}`);
    }
    if (pending.size > 0) await sleep(50);
  }
  const cpu = (machineBusyMs() ?? NaN) - busyBefore;
  const after = cpuParts(c);
  return {
    wall: performance.now() - started,
    cpu,
    parts: {
      consoles: after.consoles - partsBefore.consoles,
      builds: after.builds - partsBefore.builds,
      postgres: after.postgres - partsBefore.postgres,
      servers: after.servers - partsBefore.servers,
    },
  };
}

/**
 * Where the CPU of a set's deploys goes: its console processes, the programs they ran and reaped
 * (git, ssh, rsync, scripts), the PostgreSQL server (both sets' databases: the other set idles),
 * and the sshd servers with what ran in their sessions (rsync's receiving end, the scripts).
 */
interface CpuParts {
  consoles: number;
  builds: number;
  postgres: number;
  servers: number;
}

function cpuParts(c: Cluster): CpuParts {
  const parts = {
    consoles: 0,
    builds: 0,
    postgres: processFamilyCpuMs('postgres'),
    servers: processFamilyCpuMs('sshd'),
  };
  for (const x of c.consoles) {
    const cpu = x.child.pid === undefined ? undefined : processCpuMs(x.child.pid);
    parts.consoles += cpu?.self ?? 0;
    parts.builds += cpu?.children ?? 0;
  }
  return parts;
}

/**
 * The share of deploys run by the console that ran their project's deploy before (its working
 * copy warm), over the deploys whose project had run before.
 */
async function warmShare(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ group_key: string; lease_owner: string }>(
    'select group_key, lease_owner from job order by id',
  );
  const last = new Map<string, string>();
  let again = 0;
  let warm = 0;
  for (const r of rows) {
    const before = last.get(r.group_key);
    if (before !== undefined) {
      again++;
      if (before === r.lease_owner) warm++;
    }
    last.set(r.group_key, r.lease_owner);
  }
  return again === 0 ? NaN : warm / again;
}

/** Per deploy: from the time it could start (published, a slot freed) until it started. */
async function claimLatencies(db: pg.Client): Promise<number[]> {
  const { rows } = await db.query<{ insert_time: number; start_time: number; end_time: number }>(
    'select insert_time::float8, start_time::float8, end_time::float8 from job order by id',
  );
  const ends = rows.map((r) => r.end_time).sort((a, b) => a - b);
  return rows.map((r) => {
    const freed = ends.filter((e) => e <= r.start_time).at(-1) ?? 0;
    return r.start_time - Math.max(r.insert_time, freed);
  });
}

/** Kill -9 of the console running a long build, until another console says it ended. */
async function takeover(c: Cluster, fleet: SshdFleet, origin: GitOrigin, round: number) {
  const api = c.apiOf(c.consoles.find((x) => x.child.exitCode === null)!);
  const serverIds = (await api<{ list: Array<{ id: number }> }>('GET', '/server/getList')).list;
  const marker = path.join(os.tmpdir(), `ferry-bench-takeover-${process.pid}-${round}`);
  const project = await api<{ id: number }>('POST', '/project/add', {
    name: `slow${round}`,
    repoType: 'git',
    url: origin.url,
    path: `${fleet.servers[0]!.dir}/home/slow${round}`,
    environment: 4,
    branch: 'main',
    serverIds: [serverIds[0]!.id],
    script: { afterPull: { mode: 'bash', content: `touch ${marker}\nsleep 59` } },
  });
  const { token } = await api<{ token: string }>('POST', '/deploy/publish', {
    projectId: project.id,
  });
  while (!fs.existsSync(marker)) await sleep(50);
  fs.rmSync(marker);
  type Node = { pid: number; running: Array<{ token: string }> };
  const nodes = (await api<{ list: Node[] }>('GET', '/system/getConsoleList')).list;
  const pid = nodes.find((n) => n.running.some((r) => r.token === token))?.pid;
  const victim = c.consoles.find((x) => x.child.pid === pid);
  if (!victim) throw new Error('no console runs the deploy');
  const survivor = c.apiOf(c.consoles.find((x) => x !== victim && x.child.exitCode === null)!);
  const killed = performance.now();
  victim.child.kill('SIGKILL');
  await exitCode(victim.child);
  while ((await statusOf(survivor, token)) === 'running') await sleep(100);
  const ms = performance.now() - killed;
  c.consoles.splice(c.consoles.indexOf(victim), 1);
  await c.start(`node-again-${round}`);
  return ms;
}

await runBenchmark(async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-cluster-'));
  const postgres = await startPostgres();
  let fleet: SshdFleet | undefined;
  let origin: GitOrigin | undefined;
  const all: Cluster[] = [];
  try {
    fleet = await startSshdFleet({ count: SERVERS });
    origin = await createGitOrigin();
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`src/file${i}.txt`] = `content ${i}\n`.repeat(50);
    await origin.commit(files, 'the project');

    const one = await cluster(postgres.url, 'bench_one', 1, work);
    const three = await cluster(postgres.url, 'bench_three', 3, work);
    all.push(one, three);
    const oneIds = await addProjects(one, fleet, origin);
    const threeIds = await addProjects(three, fleet, origin);
    const walls = { one: [] as number[], three: [] as number[] };
    const cpus = { one: [] as number[], three: [] as number[] };
    const parts = { one: [] as CpuParts[], three: [] as CpuParts[] };
    const ratios: number[] = [];
    const measure = async (set: 'one' | 'three') => {
      const {
        wall,
        cpu,
        parts: spent,
      } = await deployAll(set === 'one' ? one : three, set === 'one' ? oneIds : threeIds);
      walls[set].push(wall);
      cpus[set].push(cpu);
      parts[set].push(spent);
    };
    for (let round = 0; round < ROUNDS; round++) {
      await origin.commit({ 'src/changed.txt': `round ${round}\n` }, `round ${round}`);
      // The order alternates, so that neither set is always the one measured second.
      for (const set of round % 2 === 0
        ? (['one', 'three'] as const)
        : (['three', 'one'] as const)) {
        await measure(set);
      }
      ratios.push(walls.three.at(-1)! / walls.one.at(-1)!);
    }
    const oneClaims = await claimLatencies(one.db);
    const threeClaims = await claimLatencies(three.db);
    const warm = await warmShare(three.db);

    const takeovers: number[] = [];
    for (let round = 0; round < KILLS; round++) {
      takeovers.push(await takeover(three, fleet, origin, round));
    }

    const ratio = median(ratios);
    const oneMs = median(walls.one);
    const threeMs = median(walls.three);
    const ratioOk = ratio <= MAX_RATIO;
    const takeoverOk = pct(takeovers, 99) <= MAX_TAKEOVER_MS;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `\n${PROJECTS} deploys of ${PROJECTS} projects to ${SERVERS} servers, published at once ` +
        `(${ROUNDS} rounds, medians; the rounds' ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}):`,
    );
    console.log(
      table([
        ['', 'wall', 'machine CPU', 'claim p50', 'claim p99'],
        [
          'one console',
          s(oneMs),
          s(median(cpus.one)),
          `${pct(oneClaims, 50)} ms`,
          `${pct(oneClaims, 99)} ms`,
        ],
        [
          'three consoles',
          s(threeMs),
          s(median(cpus.three)),
          `${pct(threeClaims, 50)} ms`,
          `${pct(threeClaims, 99)} ms`,
        ],
      ]),
    );
    console.log(
      `Three consoles: ${(warm * 100).toFixed(0)}% of the deploys ran on the console that ran ` +
        `their project's previous deploy (its working copy warm).`,
    );
    const part = (set: 'one' | 'three', key: keyof CpuParts) =>
      s(median(parts[set].map((p) => p[key])));
    console.log(
      `\nCPU per round (medians):\n${table([
        ['', 'consoles', 'their programs', 'PostgreSQL', 'sshd servers', 'machine'],
        ...(['one', 'three'] as const).map((set) => [
          set === 'one' ? 'one console' : 'three consoles',
          part(set, 'consoles'),
          part(set, 'builds'),
          part(set, 'postgres'),
          part(set, 'servers'),
          s(median(cpus[set])),
        ]),
      ])}`,
    );
    console.log(
      `\n${table([
        ['', 'measured', 'target', ''],
        [
          'three / one console (median)',
          `${ratio.toFixed(2)}×`,
          `≤ ${MAX_RATIO}×`,
          ratioOk ? 'PASS' : 'FAIL',
        ],
        [
          `kill -9 to ended elsewhere (${KILLS}), p50 / p99`,
          `${s(pct(takeovers, 50))} / ${s(pct(takeovers, 99))}`,
          `≤ ${s(MAX_TAKEOVER_MS)}`,
          takeoverOk ? 'PASS' : 'FAIL',
        ],
      ])}\n`,
    );
    return ratioOk && takeoverOk;
  } finally {
    for (const c of all) {
      for (const x of c.consoles) x.child.kill('SIGKILL');
      await c.db.end().catch(() => undefined);
    }
    for (const pid of processesRunning('sleep 59')) process.kill(pid, 'SIGKILL');
    await fleet?.stopAll();
    origin?.cleanup();
    await postgres.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
