import { Perm } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../../test/factories.js';
import { insertServer, secondNamespace } from '../../../../test/project-fixtures.js';
import { warmTestDb } from '../../../../test/server-fixtures.js';
import { bucketStart } from './metric-plan.js';

beforeAll(() => warmTestDb(), 60_000);

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Actor;
let now: number;
let mine: number;
let shared: number;
let foreign: number;

type Raw = { server_id: number; item: string; time: number; type: number; value: number };
type Rollup = Omit<Raw, 'value'> & {
  span: number;
  count: number;
  min: number;
  sum: number;
  max: number;
};

async function insert(table: 'server_metric', rows: Raw[]): Promise<void>;
async function insert(table: 'server_metric_rollup', rows: Rollup[]): Promise<void>;
async function insert(table: 'server_metric' | 'server_metric_rollup', rows: (Raw | Rollup)[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await t.db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** A sample a minute for two hours, none from 20 to 24 minutes ago: CPU at 10 + k % 10. */
const HOLE = [20, 21, 22, 23, 24];
const minutesAgo = Array.from({ length: 120 }, (_, k) => k).filter((k) => !HOLE.includes(k));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  now = t.clock.now();
  const ns2 = await secondNamespace(t, admin);
  mine = await insertServer(t, 1, 'mine');
  shared = await insertServer(t, 0, 'shared');
  foreign = await insertServer(t, ns2, 'foreign');
  const raw: Raw[] = [];
  for (const serverId of [mine, foreign]) {
    for (const k of minutesAgo) {
      const time = now - k * MIN;
      raw.push({ server_id: serverId, item: 'cpu_usage', time, type: 1, value: 10 + (k % 10) });
      raw.push({ server_id: serverId, item: 'eth0.in', time, type: 5, value: 1000 * k });
    }
  }
  raw.push(
    { server_id: mine, item: 'ram_usage', time: now, type: 2, value: 42.5 },
    { server_id: mine, item: 'sda1.usage', time: now, type: 7, value: 71.25 },
    { server_id: mine, item: 'sdb1.usage', time: now, type: 7, value: 80.5 },
    { server_id: mine, item: 'sdb1.inode_usage', time: now, type: 7, value: 99 },
    { server_id: mine, item: 'sda1.usage', time: now - 5 * MIN, type: 7, value: 95 },
  );
  // Two load samples in one 12-second bucket.
  const base = bucketStart(now - 30 * MIN, 12_000);
  raw.push(
    { server_id: mine, item: 'loadavg_1m', time: base, type: 3, value: 1 },
    { server_id: mine, item: 'loadavg_1m', time: base + 5000, type: 3, value: 3 },
  );
  await insert('server_metric', raw);

  // 5-minute roll-ups for two days: the value v = bucket index % 7, count 5, min v-1, max v+1.
  const fives: Rollup[] = [];
  for (let time = bucketStart(now - 2 * DAY, 300_000); time <= now; time += 300_000) {
    const v = (time / 300_000) % 7;
    fives.push({
      server_id: mine,
      span: 300,
      item: 'cpu_usage',
      time,
      type: 1,
      count: 5,
      min: v - 1,
      sum: 5 * v,
      max: v + 1,
    });
  }
  // 1-hour roll-ups for 91 days: v = hour index % 2, sixty samples each.
  const hours: Rollup[] = [];
  for (let time = bucketStart(now - 91 * DAY, HOUR); time <= now; time += HOUR) {
    const v = (time / HOUR) % 2;
    hours.push({
      server_id: mine,
      span: 3600,
      item: 'ram_usage',
      time,
      type: 2,
      count: 60,
      min: v,
      sum: 60 * v,
      max: v,
    });
  }
  await insert('server_metric_rollup', [...fives, ...hours]);
  await t.db
    .insertInto('server_metric_source')
    .values({ server_id: mine, mode: 'push', state: 'ok', interval_s: 60, last_sample_time: now })
    .execute();
}, 120_000);

afterAll(() => t.close());

const get = <T>(path: string, query: Record<string, string | number>, actor = admin, ns = 1) =>
  t.call<T>('GET', path, { token: actor.token, ns, query });

interface Chart {
  from: number;
  to: number;
  stepMs: number;
  gapMs: number;
  source: string;
  lastSampleTime: number;
  series: { type: number; item: string; points: [number, number, number, number][] }[];
}
const chart = async (query: Record<string, string | number>) => {
  const r = await get<Chart>('/server/getMetrics', query);
  expect(r.code, r.message).toBe(0);
  return r.data;
};
const seriesOf = (c: Chart, item: string) => c.series.find((s) => s.item === item)?.points ?? [];

describe('the agent page charts', () => {
  it('reads the last hour from raw samples, a point a sample, with a gap where none was taken', async () => {
    const c = await chart({ serverId: mine, range: '1h' });
    expect(c).toMatchObject({ source: 'raw', stepMs: 12_000, to: now, lastSampleTime: now });
    expect(c.from).toBe(bucketStart(now - HOUR, 12_000));
    const cpu = seriesOf(c, 'cpu_usage');
    const inRange = minutesAgo.filter((k) => now - k * MIN >= c.from);
    expect(cpu).toHaveLength(inRange.length);
    expect(cpu.at(-1)).toEqual([bucketStart(now, 12_000), 10, 10, 10]);
    const gaps = cpu.slice(1).filter((p, i) => p[0] - cpu[i]![0] > c.gapMs);
    expect(gaps.map((p) => Math.round((now - p[0]) / MIN))).toEqual([19]);
    expect(seriesOf(c, 'loadavg_1m')).toEqual([[bucketStart(now - 30 * MIN, 12_000), 2, 1, 3]]);
    expect(c.series.map((s) => [s.item, s.type])).toContainEqual(['eth0.in', 5]);
  });

  it('answers one chart type when asked, and a range ending at `end`', async () => {
    const c = await chart({ serverId: mine, range: '1h', type: 1, end: now - HOUR });
    expect(c.series.map((s) => s.item)).toEqual(['cpu_usage']);
    expect(c.to).toBe(now - HOUR);
    const times = seriesOf(c, 'cpu_usage').map((p) => p[0]);
    expect(Math.max(...times)).toBeLessThanOrEqual(now - HOUR);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(bucketStart(now - 2 * HOUR, 12_000));
  });

  it('reads a day and a week from 5-minute roll-ups: min, sum over count and max per step', async () => {
    const day = await chart({ serverId: mine, range: '1d', type: 1 });
    expect(day).toMatchObject({ source: '5m', stepMs: 300_000 });
    const dayPoints = seriesOf(day, 'cpu_usage');
    expect(dayPoints.length).toBeGreaterThanOrEqual(288);
    for (const [time, avg, min, max] of dayPoints) {
      const v = (time / 300_000) % 7;
      expect([avg, min, max]).toEqual([v, v - 1, v + 1]);
    }
    const week = await chart({ serverId: mine, range: '7d', type: 1 });
    expect(week).toMatchObject({ source: '5m', stepMs: 2_100_000 });
    const whole = seriesOf(week, 'cpu_usage').slice(1, -1); // the ends hold part of a step
    expect(whole.length).toBeGreaterThan(75);
    for (const p of whole) expect(p.slice(1)).toEqual([3, -1, 7]);
  });

  it('reads a month and three months from hourly roll-ups', async () => {
    const month = await chart({ serverId: mine, range: '30d', type: 2 });
    expect(month).toMatchObject({ source: '1h', stepMs: 2 * HOUR });
    const points = seriesOf(month, 'ram_usage');
    expect(points).toHaveLength(30 * 12 + 1);
    for (const p of points.slice(0, -1)) expect(p.slice(1)).toEqual([0.5, 0, 1]);
    const quarter = await chart({ serverId: mine, range: '90d', type: 2 });
    expect(quarter).toMatchObject({ source: '1h', stepMs: 7 * HOUR });
    expect(seriesOf(quarter, 'ram_usage').length).toBeGreaterThanOrEqual(308);
  });

  it('answers empty series for a server without samples', async () => {
    const c = await chart({ serverId: shared, range: '6h' });
    expect(c).toMatchObject({ source: 'raw', stepMs: 72_000, series: [], lastSampleTime: 0 });
    expect(c.gapMs).toBe(72_000 + 90_000);
  });
});

describe("goploy's report", () => {
  const local = (ms: number) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  };
  type Report = { map: Record<string, { item: string; value: number; reportTime: string }[]> };

  it('answers the items of a type as goploy does, values as numbers', async () => {
    const r = await get<Report>('/server/report', {
      serverId: mine,
      type: 1,
      datetimeRange: `${local(now - 10 * MIN)},${local(now)}`,
    });
    expect(r.code, r.message).toBe(0);
    expect(Object.keys(r.data.map)).toEqual(['cpu_usage']);
    const points = r.data.map.cpu_usage!;
    expect(points).toHaveLength(11);
    expect(points.at(-1)).toEqual({
      item: 'cpu_usage',
      value: 10,
      reportTime: local(bucketStart(now, 2000)),
    });
    expect(points[0]).toMatchObject({ value: 10 });
    expect(points.every((p) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(p.reportTime))).toBe(true);
  });

  it('thins a long range to about 60 points an item as goploy does', async () => {
    const report = async (type: number, length: number) => {
      const datetimeRange = `${local(now - length)},${local(now)}`;
      const r = await get<Report>('/server/report', { serverId: mine, type, datetimeRange });
      expect(r.code, r.message).toBe(0);
      return r.data.map;
    };
    // Two days of 5-minute roll-ups in 10-minute steps: every fourth of 289 rows, and the last.
    const cpu = (await report(1, 2 * DAY)).cpu_usage!;
    expect(cpu).toHaveLength(73);
    expect(cpu.at(-1)?.reportTime).toBe(local(bucketStart(now, 600_000)));
    // goploy keeps 61 to 119 rows whole: the 115 samples of two hours.
    expect((await report(5, 2 * HOUR))['eth0.in']).toHaveLength(115);
  });

  it('refuses a range that is not two times, or ends before it starts, naming the field', async () => {
    for (const datetimeRange of [
      'yesterday,today',
      `${local(now)}`,
      '2026-13-40 10:00:00,2026-01-01 10:00:00',
    ]) {
      const r = await get('/server/report', { serverId: mine, type: 1, datetimeRange });
      expect(r, datetimeRange).toMatchObject({ code: 10003 });
      expect(r.message).toMatch(/^datetimeRange /);
    }
    const reversed = await get('/server/report', {
      serverId: mine,
      type: 1,
      datetimeRange: `${local(now)},${local(now - HOUR)}`,
    });
    expect(reversed).toMatchObject({
      code: 10003,
      message: 'datetimeRange must not end before it starts',
    });
  });
});

describe('the server list cell', () => {
  type Summary = { list: Record<string, unknown>[] };

  it("answers each usable server's latest CPU, RAM and fullest disk, and leaves others out", async () => {
    const r = await get<Summary>('/server/getMetricsSummary', {
      ids: `${mine},${shared},${foreign},999999,${mine}`,
    });
    expect(r.code, r.message).toBe(0);
    expect(r.data.list).toEqual([
      {
        serverId: mine,
        mode: 'push',
        state: 'ok',
        lastSampleTime: now,
        cpu: 10,
        ram: 42.5,
        disk: 80.5,
        diskItem: 'sdb1.usage',
      },
      {
        serverId: shared,
        mode: 'pull',
        state: 'unknown',
        lastSampleTime: 0,
        cpu: null,
        ram: null,
        disk: null,
        diskItem: '',
      },
    ]);
  });
});

describe('metrics reads refuse', () => {
  it("another namespace's server with code 1, as an unknown one", async () => {
    for (const serverId of [foreign, 999_999]) {
      const c = await get('/server/getMetrics', { serverId, range: '1h' });
      expect(c, 'getMetrics').toMatchObject({ code: 1, reason: 'not_found' });
      const r = await get('/server/report', {
        serverId,
        type: 1,
        datetimeRange: '2026-01-01 00:00:00,2026-01-01 01:00:00',
      });
      expect(r, 'report').toMatchObject({ code: 1, reason: 'not_found' });
    }
  });

  it('without ShowServerMonitorPage, and answer with it', async () => {
    const routes = [
      ['/server/getMetrics', { serverId: mine, range: '1h' }],
      [
        '/server/report',
        { serverId: mine, type: 1, datetimeRange: '2026-01-01 00:00:00,2026-01-01 01:00:00' },
      ],
      ['/server/getMetricsSummary', { ids: String(mine) }],
    ] as const;
    const without = await memberOf(t, admin, {
      account: 'nometrics',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerPage],
    });
    const holder = await memberOf(t, admin, {
      account: 'metrics',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerMonitorPage],
    });
    for (const [path, query] of routes) {
      expect(await get(path, query, without), path).toMatchObject({ code: 1 });
      const ok = await get(path, query, holder);
      expect(ok.code, `${path}: ${ok.message}`).toBe(0);
    }
  });

  it('bad input with 10003 naming the field', async () => {
    const cases = [
      ['/server/getMetrics', { serverId: mine, range: '2h' }, 'range'],
      ['/server/getMetrics', { serverId: mine, range: '1h', type: 9 }, 'type'],
      ['/server/getMetrics', { serverId: 'x', range: '1h' }, 'serverId'],
      ['/server/getMetrics', { serverId: mine, range: '1h', end: -5 }, 'end'],
      ['/server/report', { serverId: mine, type: 0, datetimeRange: '' }, 'type'],
      ['/server/getMetricsSummary', { ids: 'a,b' }, 'ids.0'],
    ] as const;
    for (const [path, query, field] of cases) {
      const r = await get(path, query);
      expect(r, `${path} ${field}`).toMatchObject({ code: 10003 });
      expect(r.message.startsWith(`${field} `), r.message).toBe(true);
    }
  });
});
