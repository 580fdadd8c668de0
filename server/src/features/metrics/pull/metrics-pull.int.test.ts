import { MetricType, type MetricsSourceRow } from '@ferry/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../../test/factories.js';
import { addServer, serverForm, warmTestDb } from '../../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../../test/sshd-fleet.js';
import type { PullEngineOptions } from './pull-engine.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
let down: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 3 }), warmTestDb()]);
  [a, b, down] = fleet.servers as [SshdServer, SshdServer, SshdServer];
  await down.stop(); // nothing listens on its port any more
}, 60_000);
afterAll(() => fleet?.stopAll());

type Taken = Parameters<NonNullable<PullEngineOptions['observe']>>[0];

/**
 * Pull collection through the console on real sshd servers, one of them down: the engine runs the
 * collector over SSH and the samples land in `server_metric` through the one write path.
 */
describe('metrics pull mode on real servers', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let ids: { a: number; b: number; down: number };
  /** The collections taken by the consoles of the test, in order. */
  let taken: Taken[];
  const closing: (() => Promise<void>)[] = [];
  const observe = (c: Taken) => void taken.push(c);

  beforeEach(async () => {
    taken = [];
    t = await buildTestApp({}, { metricsPull: { observe }, sshConnectTimeoutMs: 5_000 });
    closing.push(() => t.close());
    admin = await adminOf(t);
    ids = {
      a: await addServer(t, admin, serverForm(a, { name: 'alpha' })),
      b: await addServer(t, admin, serverForm(b, { name: 'beta' })),
      down: await addServer(t, admin, serverForm(down, { name: 'down' })),
    };
  });
  afterEach(async () => {
    // The second console first: the first one's close ends the database.
    for (const close of closing.splice(0).reverse()) await close();
  });

  const source = async (serverId: number) => {
    const r = await t.call<MetricsSourceRow>('GET', '/server/getMetricsSource', {
      token: admin.token,
      ns: 1,
      query: { serverId },
    });
    expect(r.code, r.message).toBe(0);
    return r.data;
  };
  const samples = (serverId: number) =>
    t.db
      .selectFrom('server_metric')
      .select(['item', 'type', 'value', 'time'])
      .where('server_id', '=', serverId)
      .execute();

  it('stores every reachable server samples and marks the down one unreachable with its reason', async () => {
    const now = t.clock.now();
    await t.collectDue();

    for (const id of [ids.a, ids.b]) {
      const rows = await samples(id);
      const items = new Map(rows.map((r) => [r.item, r]));
      expect(items.get('cpu_usage')).toMatchObject({ type: MetricType.cpu, time: now });
      expect(items.get('ram_usage')?.value).toBeGreaterThan(0);
      expect(items.get('tcp.established')?.value).toBeGreaterThanOrEqual(2);
      expect(items.has('loadavg_15m')).toBe(true);
      expect(rows.some((r) => r.type === MetricType.diskUsage)).toBe(true);
      expect(rows.every((r) => r.time === now)).toBe(true);
      expect(await source(id)).toMatchObject({
        serverId: id,
        mode: 'pull',
        interval: 60,
        state: 'ok',
        lastError: '',
      });
      expect((await source(id)).lastSampleTime).not.toBe('');
    }

    expect(await samples(ids.down)).toEqual([]);
    const gone = await source(ids.down);
    expect(gone).toMatchObject({ state: 'unreachable', lastSampleTime: '' });
    expect(gone.lastError).toContain('Connection refused');
  });

  it('collects each due time once with two consoles on one database', async () => {
    const second = await buildTestApp({}, { metricsPull: { observe } }, t);
    closing.push(() => second.close());
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([t.collectDue(), second.collectDue(), t.collectDue()]);
      t.clock.advance(60_000);
    }
    const key = (c: Taken) => `${c.serverId}@${c.due}`;
    expect(new Set(taken.map(key)).size).toBe(taken.length);
    for (const id of Object.values(ids)) {
      expect(taken.filter((c) => c.serverId === id)).toHaveLength(3);
    }
    const cpu = await t.db
      .selectFrom('server_metric')
      .select('time')
      .where('server_id', '=', ids.a)
      .where('item', '=', 'cpu_usage')
      .execute();
    expect(cpu).toHaveLength(3);
  });

  it('stops collecting a server set off, and collects it at once and every interval set to pull', async () => {
    const edit = (body: object) =>
      t.call('PUT', '/server/editMetricsSource', { token: admin.token, ns: 1, body });
    expect((await edit({ serverId: ids.a, mode: 'off', interval: 60 })).code).toBe(0);
    await t.collectDue();
    expect(taken.map((c) => c.serverId).sort()).toEqual([ids.b, ids.down].sort());
    expect(await source(ids.a)).toMatchObject({ mode: 'off', state: 'unknown' });

    t.clock.advance(30_000);
    expect((await edit({ serverId: ids.a, mode: 'pull', interval: 10 })).code).toBe(0);
    await t.collectDue();
    t.clock.advance(10_000);
    await t.collectDue();
    expect(taken.filter((c) => c.serverId === ids.a)).toHaveLength(2);
    expect(await source(ids.a)).toMatchObject({ mode: 'pull', interval: 10, state: 'ok' });
  });

  it('collects by itself once started with the app, and stops with it', async () => {
    const running = await buildTestApp({}, { metricsPull: { manual: false, tickMs: 50 } }, t);
    await expect
      .poll(async () => (await samples(ids.a)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await running.close();
    expect(await source(ids.a)).toMatchObject({ state: 'ok' });
    const leases = await t.db
      .selectFrom('server_metric_source')
      .select('lease_owner')
      .where('lease_owner', '!=', '')
      .execute();
    expect(leases).toEqual([]); // closing waited for the collections under way
  });
});
