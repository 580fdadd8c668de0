import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../../test/factories.js';
import { addServer, warmTestDb } from '../../../../test/server-fixtures.js';
import type { ServerExecResult } from '../../remote-run/remote-run.api.js';
import type { MetricIngest, MetricSample } from '../metrics-deps.js';
import { createMetricSourceRepository } from './metrics-source.repository.js';
import { createPullEngine, type PullEngine } from './pull-engine.js';

beforeAll(() => warmTestDb(), 60_000);

const OUTPUT = '1 cpu_usage 12.50\n2 ram_usage 40.00\n';
const result = (stdout: string, code = 0, stderr = ''): ServerExecResult => ({
  code,
  signal: null,
  stdout,
  stderr,
  durationMs: 5,
  mask: (text) => text,
});

/** What the ingest was handed, in order. */
type Handed =
  | { serverId: number; time: number; samples: readonly MetricSample[] }
  | { serverId: number; time: number; error: string };

/**
 * The pull engine over the console's database with the collector's runs played by the test:
 * which servers it collects, when, and that a server that hangs holds no other.
 */
describe('the metrics pull engine', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let handed: Handed[];
  let engine: PullEngine;
  /** The answer of each server's collector run, by server id (default: two samples). */
  let answers: Map<number, () => Promise<ServerExecResult>>;
  let runs: { namespaceId: number; serverId: number; substitute: boolean | undefined }[];
  /** Resolved whenever the ingest is handed something. */
  let handedSignal: () => void = () => undefined;

  const ingest: MetricIngest = {
    async record(serverId, time, samples) {
      handed.push({ serverId, time, samples });
      handedSignal();
    },
    async unreachable(serverId, time, error) {
      handed.push({ serverId, time, error });
      handedSignal();
    },
  };
  const untilHanded = async (count: number) => {
    while (handed.length < count) await new Promise<void>((r) => (handedSignal = r));
  };

  beforeEach(async () => {
    t = await buildTestApp();
    admin = await adminOf(t);
    handed = [];
    runs = [];
    answers = new Map();
    engine = createPullEngine({
      repo: createMetricSourceRepository(t.db),
      clock: t.clock,
      ingest,
      log: { warn: () => undefined, error: () => undefined },
      owner: 'test-console',
      script: 'the collector',
      execOnServer: (namespaceId, serverId, script, opts) => {
        expect(script).toBe('the collector');
        runs.push({ namespaceId, serverId, substitute: opts.substitute });
        return (answers.get(serverId) ?? (() => Promise.resolve(result(OUTPUT))))();
      },
    });
  });
  afterEach(async () => {
    await engine.stop();
    await t.close();
  });

  const server = (name: string, namespaceId = 1) =>
    addServer(t, admin, {
      name,
      namespaceId,
      ip: '127.0.0.1',
      port: 22,
      owner: 'root',
      authType: 'password',
      password: 'pw',
    });
  const source = (id: number) =>
    t.db
      .selectFrom('server_metric_source')
      .selectAll()
      .where('server_id', '=', id)
      .executeTakeFirstOrThrow();

  it('gives every enabled server a pull source every 60 s and collects it when due', async () => {
    const a = await server('alpha');
    const shared = await server('shared', 0);
    const now = t.clock.now();
    await engine.collectDue();
    const byServer = <T extends { serverId: number }>(list: T[]) =>
      [...list].sort((x, y) => x.serverId - y.serverId);
    expect(byServer(runs)).toEqual([
      { namespaceId: 1, serverId: a, substitute: false },
      { namespaceId: 0, serverId: shared, substitute: false },
    ]);
    expect(byServer(handed)).toEqual([
      {
        serverId: a,
        time: now,
        samples: [
          { type: 1, item: 'cpu_usage', value: 12.5 },
          { type: 2, item: 'ram_usage', value: 40 },
        ],
      },
      { serverId: shared, time: now, samples: expect.any(Array) },
    ]);
    expect(await source(a)).toMatchObject({
      mode: 'pull',
      interval_s: 60,
      next_collect: now + 60_000,
      lease_owner: '',
      lease_until: 0,
    });

    await engine.collectDue();
    expect(runs).toHaveLength(2); // nothing due before the interval
    t.clock.advance(60_000);
    await engine.collectDue();
    expect(runs).toHaveLength(4);
  });

  it('collects no disabled server and no source that is off or pushed', async () => {
    const [off, push, disabled, pulled] = [
      await server('off'),
      await server('push'),
      await server('disabled'),
      await server('pulled'),
    ];
    await t.call('PUT', '/server/toggle', {
      token: admin.token,
      ns: 1,
      body: { id: disabled, state: 0 },
    });
    const repo = createMetricSourceRepository(t.db);
    await repo.edit(off, { mode: 'off', interval_s: 60 }, t.clock.now());
    await repo.edit(push, { mode: 'push', interval_s: 60 }, t.clock.now());
    await engine.collectDue();
    expect(runs.map((r) => r.serverId)).toEqual([pulled]);
  });

  it('keeps collecting the others while one server hangs, and records it unreachable when it fails', async () => {
    const [a, b, hung] = [await server('a'), await server('b'), await server('hung')];
    let fail: (err: Error) => void = () => undefined;
    answers.set(hung, () => {
      answers.delete(hung);
      return new Promise((_, reject) => (fail = reject));
    });
    const started = t.clock.now();
    await engine.pass();
    await untilHanded(2);
    expect(handed.map((h) => h.serverId).sort()).toEqual([a, b].sort());

    // A minute later the hung collection still holds its server; the others are collected again.
    t.clock.advance(60_000);
    await engine.pass();
    await untilHanded(4);
    expect(handed.map((h) => h.serverId).filter((id) => id === hung)).toEqual([]);
    expect(runs.filter((r) => r.serverId === hung)).toHaveLength(1);

    // It fails; its next due time has come meanwhile, and it answers this time.
    fail(new Error('connect ETIMEDOUT 10.0.0.9:22'));
    // Once its lease is given back (a pass that starts before would find it still held).
    await untilHanded(5);
    await expect.poll(async () => (await source(hung)).lease_owner).toBe('');
    await engine.collectDue();
    expect(handed.filter((h) => h.serverId === hung)).toEqual([
      { serverId: hung, time: started, error: 'connect ETIMEDOUT 10.0.0.9:22' },
      { serverId: hung, time: started + 60_000, samples: expect.any(Array) },
    ]);
    expect((await source(hung)).lease_owner).toBe('');
  });

  it('records a collector that fails or prints nothing as unreachable, with the reason', async () => {
    const [failing, silent, odd] = [await server('f'), await server('s'), await server('o')];
    answers.set(failing, async () => result('', 2, 'awk: not found\n'));
    answers.set(silent, async () => result(''));
    answers.set(odd, async () => result('1 cpu_usage 5\n9 bad 1\n'));
    await engine.collectDue();
    const by = new Map(handed.map((h) => [h.serverId, h]));
    expect(by.get(failing)).toMatchObject({ error: 'the collector exited with 2: awk: not found' });
    expect(by.get(silent)).toMatchObject({ error: 'the collector printed no sample' });
    expect(by.get(odd)).toMatchObject({ samples: [{ type: 1, item: 'cpu_usage', value: 5 }] });
  });

  it('runs at most `cap` collections at once and takes the rest as slots free up', async () => {
    const capped = createPullEngine(
      {
        repo: createMetricSourceRepository(t.db),
        clock: t.clock,
        ingest,
        log: { warn: () => undefined, error: () => undefined },
        owner: 'capped-console',
        script: 'the collector',
        execOnServer: async (_ns, serverId) => {
          runs.push({ namespaceId: 1, serverId, substitute: false });
          running += 1;
          most = Math.max(most, running);
          await new Promise<void>((r) => held.push(r));
          running -= 1;
          return result(OUTPUT);
        },
      },
      { cap: 2 },
    );
    let running = 0;
    let most = 0;
    /** The runs under way, each ended when the test says. */
    const held: (() => void)[] = [];
    for (let i = 0; i < 5; i += 1) await server(`s${i}`);
    const collecting = capped.collectDue();
    // Two runs start and hold; each one the test ends frees a slot for the next server.
    for (let ended = 0; ended < 5; ended += 1) {
      await expect.poll(() => held.length).toBe(Math.min(2, 5 - ended));
      held.shift()!();
    }
    await collecting;
    await capped.stop();
    expect(most).toBe(2);
    expect(new Set(runs.map((r) => r.serverId)).size).toBe(5);
  });
});
