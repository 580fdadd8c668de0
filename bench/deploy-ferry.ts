/**
 * The console side of the deploy bench: servers and projects added through the HTTP API as a
 * user adds them, a deploy published and waited for, and where its time went, read from the
 * live progress frames the console sends to browsers.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SshdServer } from '../server/test/sshd-fleet.js';
import { BENCH_PASSWORD, type BenchConsole } from './bench-console.js';

/** Where one deploy's time went, in ms, from the moment the publish request was sent. */
export interface DeployTiming {
  totalMs: number;
  /** Until the repository stage began (request, queue, job start). */
  startMs: number;
  /** The repository stage: git fetch and checkout into the console's working copy. */
  pullMs: number;
  /** Each server from its start to its end (connect, mkdir, transfer, link). */
  serverMs: number[];
  /** Each server's SSH connection (TCP, handshake, login), part of `serverMs`. */
  connectMs: number[];
  /** From the last server's end until the deploy counted as finished. */
  tailMs: number;
  /** When each stage's first progress frame was sent (`pull`, `transfer`, …), ms from the start. */
  stageMs: Record<string, number>;
}

export interface FerryProjectSettings {
  name: string;
  url: string;
  path: string;
  symlinkPath: string;
  transferType: 'rsync' | 'sftp';
  transferOption: string;
  serverIds: number[];
}

/** What the bench needs from a console: add things, deploy, and say how long it took. */
export interface Ferry {
  addServers(servers: readonly SshdServer[]): Promise<number[]>;
  addProject(p: FerryProjectSettings): Promise<number>;
  publish(projectId: number): Promise<DeployTiming>;
  /**
   * Waits for the deploy `token` (however it was started) to end; rejects unless it succeeded.
   * `started` is the `performance.now()` the timing counts from.
   */
  awaitDeploy(token: string, started: number): Promise<DeployTiming>;
  /** The admin's call of the console's API in namespace 1: the data of a code-0 answer. */
  api: Api;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Progress seen for one deploy token: when each stage began, when each server started/ended. */
interface Seen {
  stages: Map<string, number>;
  serverStart: Map<number, number>;
  serverEnd: Map<number, number>;
}

interface ProgressFrame {
  token: string;
  stage: string;
  servers: { serverId: number; state: string }[];
}

/** One SSH connection a deploy opened: when it started and when it was ready. */
interface Span {
  start: number;
  end: number;
}

/**
 * Times every connection a deploy opens to a server (wrapping the console's own object, which
 * the deploy pipeline calls through), so the breakdown can tell login from transfer.
 */
function watchConnects(bench: BenchConsole): Span[] {
  const spans: Span[] = [];
  const access = bench.app.serverAccess;
  const open = access.openForDeploy.bind(access);
  access.openForDeploy = async (serverId, opts) => {
    const start = performance.now();
    const opened = await open(serverId, opts);
    spans.push({ start, end: performance.now() });
    return opened;
  };
  return spans;
}

/**
 * Records the console's deploy progress frames (hub type 1) with their time. They are what a
 * browser watching the deploy receives; listening in-process keeps a socket's jitter out.
 */
function watchProgress(bench: BenchConsole): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  const hub = bench.app.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (namespaceId, frame, admit) => {
    if (frame.type === 1) note(seen, frame.message as ProgressFrame, performance.now());
    return publish(namespaceId, frame, admit);
  };
  return seen;
}

function note(seen: Map<string, Seen>, frame: ProgressFrame, now: number): void {
  let s = seen.get(frame.token);
  if (!s) {
    s = { stages: new Map(), serverStart: new Map(), serverEnd: new Map() };
    seen.set(frame.token, s);
  }
  if (!s.stages.has(frame.stage)) s.stages.set(frame.stage, now);
  for (const { serverId, state } of frame.servers) {
    if (state === 'running' && !s.serverStart.has(serverId)) s.serverStart.set(serverId, now);
    if ((state === 'success' || state === 'fail') && !s.serverEnd.has(serverId)) {
      s.serverEnd.set(serverId, now);
    }
  }
}

function timingOf(
  s: Seen | undefined,
  connects: Span[],
  started: number,
  ended: number,
): DeployTiming {
  const at = (stage: string) => s?.stages.get(stage) ?? started;
  const ends = [...(s?.serverEnd.values() ?? [])];
  const serverMs = [...(s?.serverStart.entries() ?? [])].map(
    ([id, t]) => (s?.serverEnd.get(id) ?? ended) - t,
  );
  return {
    totalMs: ended - started,
    startMs: at('pull') - started,
    pullMs: at('transfer') - at('pull'),
    serverMs,
    connectMs: connects
      .filter((c) => c.start >= started && c.end <= ended)
      .map((c) => c.end - c.start),
    tailMs: ends.length > 0 ? ended - Math.max(...ends) : 0,
    stageMs: Object.fromEntries([...(s?.stages ?? [])].map(([stage, t]) => [stage, t - started])),
  };
}

/** Logs in as the seeded admin and answers the bench's view of the console. */
export async function connectFerry(bench: BenchConsole): Promise<Ferry> {
  const call = async <T>(method: string, url: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'g-n-id': '1' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.cookie = `goploy_token=${token}`;
    const text = await request(bench.host, method, url, headers, body);
    const env = JSON.parse(text) as Envelope<T>;
    if (env.code !== 0) throw new Error(`${url}: ${env.code} ${env.message}`);
    return env.data;
  };
  const login = { account: 'admin', password: BENCH_PASSWORD };
  const { token } = await call<{ token: string }>('POST', '/user/login', login);
  const api = <T>(method: string, url: string, body?: unknown) => call<T>(method, url, body, token);
  const seen = watchProgress(bench);
  const connects = watchConnects(bench);
  const awaitDeploy = async (job: string, started: number) => {
    const outcome = await finished(bench, () =>
      api<{ status: string; message: string }>(
        'GET',
        `/deploy/getPublishProgress?lastPublishToken=${job}`,
      ),
    );
    const ended = performance.now();
    if (outcome.status !== 'succeeded') {
      throw new Error(`deploy ${job} ${outcome.status}: ${outcome.message}`);
    }
    return timingOf(seen.get(job), connects, started, ended);
  };

  return {
    api,
    awaitDeploy,
    async addServers(servers) {
      const { key } = await api<{ key: string }>('GET', '/server/getPublicKey');
      return Promise.all(servers.map((s) => addServer(api, s, key)));
    },
    async addProject(p) {
      const form = {
        ...{ name: p.name, repoType: 'git', url: p.url, branch: 'main', environment: 1 },
        ...{ path: p.path, symlinkPath: p.symlinkPath, symlinkBackupNumber: 2 },
        ...{ transferType: p.transferType, transferOption: p.transferOption },
        ...{ deployServerMode: 'parallel', maxParallelServers: 10, serverIds: p.serverIds },
      };
      return (await api<{ id: number }>('POST', '/project/add', form)).id;
    },
    async publish(projectId) {
      const started = performance.now();
      const { token: job } = await api<{ token: string }>('POST', '/deploy/publish', {
        projectId,
      });
      return awaitDeploy(job, started);
    },
  };
}

/**
 * One HTTP request on a connection of its own. fetch's pooled keep-alive sockets were once reset
 * under load between two requests ("fetch failed: ECONNRESET"); a fresh connection on loopback
 * costs well under a millisecond.
 */
export function request(
  host: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<string> {
  const [hostname, port] = host.split(':');
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, method, path: url, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export type Api = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/**
 * Lets the server's user accept the console key, then adds the server with it. Adding connects
 * once, which also records the host key (no prompt during the deploys).
 */
async function addServer(api: Api, s: SshdServer, consolePublicKey: string): Promise<number> {
  const authorized = path.join(s.dir, 'home', '.ssh', 'authorized_keys');
  fs.appendFileSync(authorized, `${consolePublicKey.trim()}\n`);
  const form = { name: `srv-${s.user}`, ip: s.host, port: s.port, owner: s.user };
  const { id } = await api<{ id: number }>('POST', '/server/add', {
    ...form,
    authType: 'consoleKey',
  });
  return id;
}

/** Waits for the queue to run dry, then for the job's end state (normally already there). */
async function finished<T extends { status: string }>(
  bench: BenchConsole,
  progress: () => Promise<T>,
): Promise<T> {
  await bench.app.deployQueue.idle();
  for (;;) {
    const p = await progress();
    if (p.status !== 'queued' && p.status !== 'running') return p;
    await new Promise((r) => setTimeout(r, 20));
  }
}
