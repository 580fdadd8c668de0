import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { formatTime } from '../../core/clock.js';
import { exitCode, startConsole, type StartedConsole } from '../../../test/console-process.js';
import { databaseUrl } from '../../../test/database-url.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { processesRunning } from '../../../test/linux-processes.js';
import { startBalancer } from '../../../test/nginx-balancer.js';
import { serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

/**
 * Console processes on one real PostgreSQL database behind a real nginx (decision 0044): one
 * deploy per project and the cap hold over all of them, frames and logouts reach every console,
 * schedulers run each piece of work once, a console that drains or dies loses nothing.
 */
const PASSWORD = 'Admin123!';
const SECRET = 'ab'.repeat(32);
const MONITORS = 10;
let fleet: SshdFleet;
let origin: GitOrigin;
let receiver: Receiver;
let balancer: Awaited<ReturnType<typeof startBalancer>>;
let work: string;
let dbUrl: string;
const consoles: StartedConsole[] = [];
let cookie = '';
let token = '';
let serverId = 0;
/** When each monitor's target was asked, by monitor. */
const checks = new Map<number, number[]>();
let checkSite: http.Server;
let scheduledLog = '';

/** A console on the shared database, with a data dir of its own and the shared dir of all. */
async function startNode(name: string): Promise<StartedConsole> {
  const c = await startConsole({
    FERRY_DATA_DIR: path.join(work, name),
    FERRY_SHARED_DIR: path.join(work, 'shared'),
    FERRY_DB_URL: dbUrl,
    FERRY_SECRET_KEY: SECRET,
    FERRY_ADMIN_PASSWORD: PASSWORD,
  });
  consoles.push(c);
  return c;
}

const live = () => consoles.filter((c) => c.child.exitCode === null && c.child.signalCode === null);

type Api = <T = unknown>(
  method: string,
  route: string,
  body?: unknown,
) => Promise<{ code: number; message: string; data: T }>;

/** The API at `base` (a console, or nginx in front of them), with the session all share. */
function apiAt(base: string): Api {
  return async (method, route, body) => {
    const query =
      method === 'GET' && body
        ? `?${new URLSearchParams(body as Record<string, string>).toString()}`
        : '';
    const res = await fetch(`${base}${route}${query}`, {
      method,
      headers: { cookie, 'g-n-id': '1', 'content-type': 'application/json' },
      ...(method !== 'GET' && body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as never;
  };
}
const apiOf = (c: StartedConsole) => apiAt(c.url);

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const statusOf = async (api: Api, deployToken: string) =>
  (
    await api<{ status: string }>('GET', '/deploy/getPublishProgress', {
      lastPublishToken: deployToken,
    })
  ).data.status;

/** A hub socket at `base`, collecting the JSON frames it gets. */
async function hubSocket(base: string, session = token) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/connect?token=${session}&G-N-ID=1`);
  const frames: Array<{ type: number; message: Record<string, unknown> }> = [];
  ws.on('message', (data: Buffer, binary: boolean) => {
    if (!binary) frames.push(JSON.parse(data.toString('utf8')) as (typeof frames)[number]);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames };
}

/** The console running deploy `deployToken`, as the consoles list says. */
async function runnerOf(api: Api, deployToken: string): Promise<StartedConsole | undefined> {
  type Node = { pid: number; running: Array<{ token: string }> };
  const nodes = await api<{ list: Node[] }>('GET', '/system/getConsoleList');
  const runner = nodes.data.list.find((n) => n.running.some((r) => r.token === deployToken));
  return consoles.find((c) => c.child.pid === runner?.pid);
}

/** A project whose build notes its start and end in `<work>/<name>.log`, waiting `<name>.delay`'s seconds. */
async function addProject(api: Api, name: string, delay: number, extra: object = {}) {
  const log = path.join(work, `${name}.log`);
  const delayFile = path.join(work, `${name}.delay`);
  // While this file exists the build waits, saying so (for a test that must be listening first).
  const holdFile = path.join(work, `${name}.hold`);
  fs.writeFileSync(delayFile, String(delay));
  const script = [
    `echo "start $$" >> ${log}`,
    `while [ -e ${holdFile} ]; do echo held; sleep 0.2; done`,
    `sleep "$(cat ${delayFile})"`,
    `echo "end $$" >> ${log}`,
    'echo "built by $$"',
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
    ...extra,
  });
  expect(r.message).toBe('');
  return { id: r.data.id, log, delayFile, holdFile };
}

const lines = (file: string) =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
const steps = (file: string) => lines(file).map((l) => l.split(' ')[0]);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cluster-'));
  const name = `${inject('pgTemplate')}_cluster_${process.pid}`;
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  dbUrl = databaseUrl(inject('pgUrl'), name);
  checkSite = http.createServer((req, res) => {
    const id = Number(/\/m(\d+)/.exec(req.url ?? '')?.[1]);
    checks.set(id, [...(checks.get(id) ?? []), Date.now()]);
    res.end('ok');
  });
  await new Promise<void>((resolve) => checkSite.listen(0, '127.0.0.1', resolve));
  [fleet, origin, receiver] = await Promise.all([
    startSshdFleet({ count: 1 }),
    createGitOrigin(),
    startReceiver(),
  ]);
  await origin.commit({ 'a.txt': 'a' }, 'one');
  // Three consoles migrate and seed one empty database at once: both happen once.
  await Promise.all(['a', 'b', 'c'].map((n) => startNode(n)));
  balancer = await startBalancer(
    path.join(work, 'nginx'),
    consoles.map((c) => c.url),
  );
  const login = await fetch(`${balancer.url}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: PASSWORD }),
  });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  token = cookie.split('=')[1] ?? '';
  const api = apiAt(balancer.url);
  const server = await api<{ id: number }>('POST', '/server/add', serverForm(fleet.servers[0]!));
  expect(server.message).toBe('');
  serverId = server.data.id;

  // Monitors every 10 s, checked by whichever console claims each due time.
  const port = (checkSite.address() as AddressInfo).port;
  for (let i = 0; i < MONITORS; i++) {
    const r = await api('POST', '/monitor/add', {
      name: `m${i}`,
      type: 1,
      target: JSON.stringify({ items: [`http://127.0.0.1:${port}/m${i}`], timeout: 2 }),
      second: 10,
      times: 1,
      silentCycle: 1,
      notifyType: 0,
      notifyTarget: '',
    });
    expect(r.message).toBe('');
  }
  // A deploy scheduled a few seconds ahead: one of the consoles runs it, once.
  const scheduled = await addProject(api, 'scheduled', 0);
  scheduledLog = scheduled.log;
  const task = await api('POST', '/project/addTask', {
    projectId: scheduled.id,
    branch: 'main',
    date: formatTime(Date.now() + 3_000),
  });
  expect(task.message).toBe('');
}, 120_000);

afterAll(async () => {
  for (const c of consoles) c.child.kill('SIGKILL');
  for (const pid of processesRunning('sleep 61')) process.kill(pid, 'SIGKILL');
  balancer?.stop();
  checkSite?.close();
  await receiver?.close();
  await fleet?.stopAll();
  origin?.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('consoles sharing one PostgreSQL database behind nginx', () => {
  it('log in to servers with one SSH key, the first console’s', async () => {
    const keys = await Promise.all(
      consoles.map(
        async (c) => (await apiOf(c)<{ key: string }>('GET', '/server/getPublicKey')).data.key,
      ),
    );
    expect(keys[0]).toMatch(/^ssh-ed25519 /);
    expect(new Set(keys).size).toBe(1);
    for (const name of ['a', 'b', 'c']) {
      const file = path.join(work, name, 'ssh', 'id_ed25519.pub');
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(keys[0]);
    }
  });

  it('runs the same project published on two consoles at once one build after the other', async () => {
    const [a, b] = consoles.map(apiOf) as [Api, Api];
    const project = await addProject(a, 'same', 1);
    const [one, two] = await Promise.all([
      a<{ token: string }>('POST', '/deploy/publish', { projectId: project.id }),
      b<{ token: string }>('POST', '/deploy/publish', { projectId: project.id }),
    ]);
    for (const t of [one.data.token, two.data.token]) {
      await until(
        () => statusOf(b, t),
        (s) => s === 'succeeded',
        `deploy ${t}`,
      );
    }
    expect(steps(project.log)).toEqual(['start', 'end', 'start', 'end']);
  }, 90_000);

  it('leaves the deploy another console runs alone when a console starts', async () => {
    const a = apiOf(consoles[0]!);
    const project = await addProject(a, 'starting', 4);
    const { data } = await a<{ token: string }>('POST', '/deploy/publish', {
      projectId: project.id,
    });
    await until(
      async () => lines(project.log).length,
      (n) => n === 1,
      'the build',
    );
    // Every console answers the stage the build is in, not only the one running it.
    for (const c of live()) {
      const p = await apiOf(c)<{ stageKey: string }>('GET', '/deploy/getPublishProgress', {
        lastPublishToken: data.token,
      });
      expect(p.data.stageKey).toBe('afterPull');
    }
    const late = await startNode('late');
    const status = await until(
      () => statusOf(apiOf(late), data.token),
      (s) => s !== 'running',
      'the end of the deploy',
    );
    expect(status).toBe('succeeded');
    expect(steps(project.log)).toEqual(['start', 'end']);
  }, 90_000);

  it('delivers the live log and progress of a deploy to hub sockets of another console and through nginx', async () => {
    const api = apiAt(balancer.url);
    const project = await addProject(api, 'live', 0, {
      notifyType: 255,
      notifyTarget: receiver.url('/deployed'),
    });
    // The build waits until both sockets listen: the hub sends what happens, not what happened.
    fs.writeFileSync(project.holdFile, '');
    const { data } = await api<{ token: string }>('POST', '/deploy/publish', {
      projectId: project.id,
    });
    const runner = await until(
      () => runnerOf(api, data.token),
      (c) => c !== undefined,
      'runner',
    );
    const watcher = live().find((c) => c !== runner)!;
    const direct = await hubSocket(watcher.url);
    const proxied = await hubSocket(balancer.url);
    for (const s of [direct, proxied])
      s.ws.send(JSON.stringify({ op: 'subscribe', token: data.token }));
    await until(
      async () =>
        [direct, proxied].every((s) =>
          s.frames.some((f) => f.type === 11 && f.message.token === data.token),
        ),
      (all) => all,
      'the log frames on both sockets',
    );
    fs.rmSync(project.holdFile);
    await until(
      () => statusOf(api, data.token),
      (st) => st === 'succeeded',
      'the deploy',
    );
    for (const { ws, frames } of [direct, proxied]) {
      await until(
        async () => frames.filter((f) => f.type === 1 && f.message.status === 'succeeded').length,
        (n) => n === 1,
        'the last progress frame',
        5_000,
      );
      const log = frames.filter((f) => f.type === 11 && f.message.token === data.token);
      expect(log.some((f) => JSON.stringify(f.message).includes('built by '))).toBe(true);
      ws.close();
    }
    // The deploy's whole log opens on every console, not only on the one that wrote it.
    for (const c of live()) {
      const { data: kept } = await apiOf(c)<{ lines: Array<{ line: string }> }>(
        'GET',
        '/deploy/getPublishLog',
        { token: data.token },
      );
      expect(kept.lines.some((l) => l.line.startsWith('built by '))).toBe(true);
    }
  }, 60_000);

  it('replays on one console the terminal session recorded on another', async () => {
    const [a, b] = live() as [StartedConsole, StartedConsole];
    const query = new URLSearchParams({
      token,
      'G-N-ID': '1',
      serverId: String(serverId),
      rows: '24',
      cols: '80',
    });
    const ws = new WebSocket(`${a.url.replace('http', 'ws')}/ws/xterm?${query.toString()}`);
    let output = '';
    ws.on('message', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const closed = new Promise<number>((resolve) => ws.on('close', resolve));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send('echo shared-$((6*7))\r');
    await until(
      () => Promise.resolve(output),
      (o) => o.includes('shared-42'),
      'the shell',
      10_000,
    );
    ws.send('exit\r');
    expect(await closed).toBe(1000);

    const { data: logs } = await apiOf(b)<{ list: Array<{ id: number; hasRecord: boolean }> }>(
      'GET',
      '/log/getTerminalLogList',
      { page: '1', rows: '10' },
    );
    const session = logs.list[0]!;
    expect(session.hasRecord).toBe(true);
    const cast = await until(
      () =>
        fetch(`${b.url}/log/getTerminalRecord?recordId=${session.id}`, {
          headers: { cookie, 'g-n-id': '1' },
        }).then((r) => r.text()),
      (text) => text.includes('shared-42'),
      'the recording on another console',
      5_000,
    );
    expect(cast.split('\n')[0]).toContain('"version":2');
  }, 30_000);

  it('refuses a session on every console within 2 s of its logout on one', async () => {
    const [a, b] = live() as [StartedConsole, StartedConsole];
    const login = await fetch(`${a.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: PASSWORD }),
    });
    const session = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const info = (c: StartedConsole) =>
      fetch(`${c.url}/user/info`, { headers: { cookie: session, 'g-n-id': '1' } }).then(
        async (r) => ((await r.json()) as { code: number }).code,
      );
    expect(await info(a)).toBe(0);
    const { ws } = await hubSocket(a.url, session.split('=')[1]);
    const closedWith = new Promise<number>((resolve) => ws.on('close', resolve));
    await fetch(`${b.url}/user/logout`, {
      method: 'POST',
      headers: { cookie: session, 'g-n-id': '1', 'content-type': 'application/json' },
      body: '{}',
    });
    const loggedOut = Date.now();
    await until(
      () => info(a),
      (code) => code !== 0,
      'the refusal on A',
      2_000,
    );
    expect(Date.now() - loggedOut).toBeLessThanOrEqual(2_000);
    // The session's socket on A ends too.
    expect(await closedWith).toBeGreaterThanOrEqual(4000);
  }, 30_000);

  it('locks an account after 5 wrong passwords spread over the consoles', async () => {
    const user = await apiAt(balancer.url)<{ id: number }>('POST', '/user/add', {
      account: 'spread',
      password: 'Initial123!',
      name: 'spread',
    });
    expect(user.message).toBe('');
    const attempt = async (c: StartedConsole, password: string) => {
      const r = await fetch(`${c.url}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'spread', password }),
      });
      return (await r.json()) as { code: number; message: string };
    };
    const all = live();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(all[i % all.length]!, 'Wrong123!')).code).not.toBe(0);
    }
    for (const c of all) {
      const r = await attempt(c, 'Initial123!');
      expect(r.code).toBe(2);
      expect(r.message).toContain('locked');
    }
  }, 30_000);

  it('runs a scheduled deploy once and sends a deploy notification once', async () => {
    await until(
      async () => steps(scheduledLog).join(' '),
      (s) => s === 'start end',
      'the task',
      30_000,
    );
    expect(receiver.at('/deployed')).toHaveLength(1);
  }, 40_000);

  it('drains on SIGTERM: the running deploy ends, the queued ones run on the other consoles', async () => {
    const api = apiAt(balancer.url);
    const project = await addProject(api, 'drained', 2);
    const first = await api<{ token: string }>('POST', '/deploy/publish', {
      projectId: project.id,
    });
    const runner = (await until(
      () => runnerOf(api, first.data.token),
      (c) => !!c,
      'runner',
    ))!;
    const queued = [];
    for (let i = 0; i < 2; i++) {
      queued.push(
        (await api<{ token: string }>('POST', '/deploy/publish', { projectId: project.id })).data
          .token,
      );
    }
    const { ws } = await hubSocket(runner.url);
    const closedWith = new Promise<number>((resolve) => ws.on('close', resolve));
    runner.child.kill('SIGTERM');
    expect(await exitCode(runner.child)).toBe(0);
    // A code the web app reconnects on at once, to another console.
    expect(await closedWith).toBe(1012);
    const others = apiOf(live()[0]!);
    expect(await statusOf(others, first.data.token)).toBe('succeeded');
    for (const t of queued) {
      await until(
        () => statusOf(others, t),
        (s) => s === 'succeeded',
        `queued deploy ${t}`,
      );
    }
    expect(steps(project.log)).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  }, 60_000);

  it('ends the deploy of a console killed mid-run within 30 s and runs the next one', async () => {
    const api = apiAt(balancer.url);
    const project = await addProject(api, 'killed', 61);
    const first = await api<{ token: string }>('POST', '/deploy/publish', {
      projectId: project.id,
    });
    const next = await api<{ token: string; ahead: number }>('POST', '/deploy/publish', {
      projectId: project.id,
    });
    expect(next.data.ahead).toBe(1);
    await until(
      async () => lines(project.log).length,
      (n) => n === 1,
      'the build',
    );
    fs.writeFileSync(project.delayFile, '0');

    const victim = (await runnerOf(api, first.data.token))!;
    expect(victim).toBeDefined();
    const survivor = apiOf(live().find((c) => c !== victim)!);
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
    // The job is marked first; its trace row follows once the leftover build is ended.
    const trace = await until(
      () =>
        survivor<{ list: Array<{ id: number; type: number }> }>('GET', '/deploy/getPublishTrace', {
          lastPublishToken: first.data.token,
        }),
      (r) => r.data.list.some((row) => row.type === 8),
      'the trace of its end',
      10_000,
    );
    const detail = await survivor<{ detail: string }>('GET', '/deploy/getPublishTraceDetail', {
      id: String(trace.data.list.find((r) => r.type === 8)!.id),
    });
    expect(detail.data.detail).toBe('the console running it stopped');
    await until(
      () => statusOf(survivor, next.data.token),
      (s) => s === 'succeeded',
      'the next',
    );
    // The killed build was ended on this host by the console that took over.
    expect(processesRunning('sleep 61')).toEqual([]);
    console.log(`kill -9 to the deploy ended elsewhere: ${endedAfter} ms`);

    // Every monitor was checked once per 10 s interval over the whole file, a console killed or
    // drained meanwhile, and is still checked after the kill.
    for (let i = 0; i < MONITORS; i++) {
      const times = checks.get(i) ?? [];
      const gaps = times.slice(1).map((t, k) => t - times[k]!);
      expect(Math.min(...gaps), `monitor m${i}: ${gaps.join(',')}`).toBeGreaterThan(8_000);
      expect(Math.max(...gaps), `monitor m${i}: ${gaps.join(',')}`).toBeLessThan(12_500);
      expect(times.at(-1)!).toBeGreaterThan(killedAt);
    }
  }, 120_000);
});
