import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exitCode, startConsole, type StartedConsole } from '../../../test/console-process.js';
import { databaseUrl } from '../../../test/database-url.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { processesRunning } from '../../../test/linux-processes.js';
import { serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

/**
 * Three console processes on one real PostgreSQL database (decision 0044): one deploy per
 * project and the cap hold over all of them, a console starting leaves the others' deploys
 * alone, and the deploy of a console killed mid-run is ended by another within 30 s.
 */
const PASSWORD = 'Admin123!';
const SECRET = 'ab'.repeat(32);
let fleet: SshdFleet;
let origin: GitOrigin;
let work: string;
let dbUrl: string;
const consoles: StartedConsole[] = [];
let cookie = '';
let serverId = 0;

/** A console on the shared database, with a data dir of its own. */
async function startNode(name: string): Promise<StartedConsole> {
  const c = await startConsole({
    FERRY_DATA_DIR: path.join(work, name),
    FERRY_DB_URL: dbUrl,
    FERRY_SECRET_KEY: SECRET,
    FERRY_ADMIN_PASSWORD: PASSWORD,
  });
  consoles.push(c);
  return c;
}

type Api = <T = unknown>(
  method: string,
  route: string,
  body?: unknown,
) => Promise<{ code: number; message: string; data: T }>;

/** The API of console `c`, with the one session every console shares. */
function apiOf(c: StartedConsole): Api {
  return async (method, route, body) => {
    const query =
      method === 'GET' && body
        ? `?${new URLSearchParams(body as Record<string, string>).toString()}`
        : '';
    const res = await fetch(`${c.url}${route}${query}`, {
      method,
      headers: { cookie, 'g-n-id': '1', 'content-type': 'application/json' },
      ...(method !== 'GET' && body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as never;
  };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const statusOf = async (api: Api, token: string) =>
  (await api<{ status: string }>('GET', '/deploy/getPublishProgress', { lastPublishToken: token }))
    .data.status;

/** A project whose build notes its start and end in `log`, waiting `delayFile`'s seconds. */
async function addProject(api: Api, name: string, log: string, delayFile: string) {
  const script = [
    `echo "start $$" >> ${log}`,
    `sleep "$(cat ${delayFile})"`,
    `echo "end $$" >> ${log}`,
  ].join('\n');
  const r = await api<{ id: number }>('POST', '/project/add', {
    name,
    repoType: 'git',
    url: origin.url,
    path: `${fleet.servers[0]!.dir}/home/${name}`,
    environment: 4,
    branch: 'main',
    serverIds: [serverId],
    script: { afterPull: { mode: 'bash', content: script } },
  });
  expect(r.message).toBe('');
  return r.data.id;
}

const lines = (file: string) =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cluster-'));
  const name = `${inject('pgTemplate')}_cluster_${process.pid}`;
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  dbUrl = databaseUrl(inject('pgUrl'), name);
  [fleet, origin] = await Promise.all([startSshdFleet({ count: 1 }), createGitOrigin()]);
  await origin.commit({ 'a.txt': 'a' }, 'one');
  // Three consoles migrate one empty database at once: the migrations run once.
  await Promise.all(['a', 'b', 'c'].map((n) => startNode(n)));
  const login = await fetch(`${consoles[0]!.url}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: PASSWORD }),
  });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const server = await apiOf(consoles[0]!)<{ id: number }>(
    'POST',
    '/server/add',
    serverForm(fleet.servers[0]!),
  );
  expect(server.message).toBe('');
  serverId = server.data.id;
}, 90_000);

afterAll(async () => {
  for (const c of consoles) c.child.kill('SIGKILL');
  for (const pid of processesRunning('sleep 61')) process.kill(pid, 'SIGKILL');
  await fleet?.stopAll();
  origin?.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('deploys on three consoles sharing one PostgreSQL database', () => {
  it('runs the same project published on two consoles at once one build after the other', async () => {
    const [a, b] = consoles.map(apiOf) as [Api, Api];
    const log = path.join(work, 'same.log');
    const delay = path.join(work, 'same.delay');
    fs.writeFileSync(delay, '1');
    const projectId = await addProject(a, 'same', log, delay);
    const [one, two] = await Promise.all([
      a<{ token: string }>('POST', '/deploy/publish', { projectId }),
      b<{ token: string }>('POST', '/deploy/publish', { projectId }),
    ]);
    for (const token of [one.data.token, two.data.token]) {
      await until(
        () => statusOf(b, token),
        (s) => s === 'succeeded',
        `deploy ${token}`,
      );
    }
    expect(lines(log).map((l) => l.split(' ')[0])).toEqual(['start', 'end', 'start', 'end']);
  }, 90_000);

  it('leaves the deploy another console runs alone when a console starts', async () => {
    const a = apiOf(consoles[0]!);
    const log = path.join(work, 'start.log');
    const delay = path.join(work, 'start.delay');
    fs.writeFileSync(delay, '4');
    const projectId = await addProject(a, 'starting', log, delay);
    const { data } = await a<{ token: string }>('POST', '/deploy/publish', { projectId });
    await until(
      async () => lines(log).length,
      (n) => n === 1,
      'the build',
    );
    const late = await startNode('late');
    const status = await until(
      () => statusOf(apiOf(late), data.token),
      (s) => s !== 'running',
      'the end of the deploy',
    );
    expect(status).toBe('succeeded');
    expect(lines(log).map((l) => l.split(' ')[0])).toEqual(['start', 'end']);
  }, 90_000);

  it('ends the deploy of a console killed mid-run within 30 s and runs the next one', async () => {
    const a = apiOf(consoles[0]!);
    const log = path.join(work, 'kill.log');
    const delay = path.join(work, 'kill.delay');
    fs.writeFileSync(delay, '61');
    const projectId = await addProject(a, 'killed', log, delay);
    const first = await a<{ token: string }>('POST', '/deploy/publish', { projectId });
    const next = await a<{ token: string; ahead: number }>('POST', '/deploy/publish', {
      projectId,
    });
    expect(next.data.ahead).toBe(1);
    await until(
      async () => lines(log).length,
      (n) => n === 1,
      'the build',
    );
    fs.writeFileSync(delay, '0');

    // The console running it, as the consoles list says.
    type Node = { pid: number; running: Array<{ token: string }> };
    const nodes = await a<{ list: Node[] }>('GET', '/system/getConsoleList');
    const runner = nodes.data.list.find((n) => n.running.some((r) => r.token === first.data.token));
    const victim = consoles.find((c) => c.child.pid === runner?.pid)!;
    expect(victim).toBeDefined();
    const survivor = apiOf(consoles.find((c) => c !== victim && c.child.exitCode === null)!);
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await exitCode(victim.child);

    await until(
      () => statusOf(survivor, first.data.token),
      (s) => s === 'failed',
      'the dead console’s deploy ended',
      30_000,
    );
    const endedAfter = Date.now() - killedAt;
    expect(endedAfter).toBeLessThanOrEqual(30_000);
    const trace = await survivor<{ list: Array<{ id: number; type: number }> }>(
      'GET',
      '/deploy/getPublishTrace',
      { lastPublishToken: first.data.token },
    );
    const detail = await survivor<{ detail: string }>('GET', '/deploy/getPublishTraceDetail', {
      id: String(trace.data.list.at(-1)!.id),
    });
    expect(detail.data.detail).toBe('the console running it stopped');

    await until(
      () => statusOf(survivor, next.data.token),
      (s) => s === 'succeeded',
      'the next deploy',
    );
    // The killed build was ended on this host by the console that took over.
    expect(processesRunning('sleep 61')).toEqual([]);
    console.log(`kill -9 to the deploy ended elsewhere: ${endedAfter} ms`);
  }, 120_000);
});
