import type { WarningRuleRow } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { formatTime } from '../../../core/clock.js';
import { adminOf, type Actor } from '../../../../test/factories.js';
import { startReceiver, type Receiver } from '../../../../test/http-receiver.js';
import { addServer, warmTestDb } from '../../../../test/server-fixtures.js';
import { RULE_SETTLE_MS } from './rule-engine.js';

const MINUTE = 60_000;
/** The scheduler's own ticker is slowed down: the tests pace it with the clock. */
const engineOff = { ruleEngine: { tickMs: 3_600_000 } };

let t: TestApp;
let admin: Actor;
let receiver: Receiver;
let servers = 0;
beforeAll(async () => {
  await warmTestDb();
  receiver = await startReceiver();
  t = await buildTestApp({}, engineOff);
  t.clock.advance(300_000 - (t.clock.now() % 300_000) + 5_000);
}, 60_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A fresh server of namespace 1 (nothing connects to it: samples are written directly). */
async function newServer(): Promise<number> {
  admin = await adminOf(t);
  servers += 1;
  return addServer(t, admin, {
    name: `metrics-${servers}`,
    ip: `10.0.0.${servers}`,
    port: 22,
    owner: 'root',
    authType: 'password',
    password: 'pw',
  });
}

async function addRule(serverId: number, form: object = {}): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/server/addMonitor', {
    token: admin.token,
    ns: 1,
    body: {
      serverId,
      item: 'cpu_usage',
      formula: 'avg',
      operator: '>=',
      value: 80,
      groupCycle: 1,
      lastCycle: 1,
      silentCycle: 5,
      ...form,
    },
  });
  expect(r.code, r.message).toBe(0);
  return r.data.id;
}

async function rules(serverId: number): Promise<Map<number, WarningRuleRow>> {
  const r = await t.call<{ list: WarningRuleRow[] }>('GET', '/server/getAllMonitor', {
    token: admin.token,
    ns: 1,
    query: { serverId },
  });
  expect(r.code, r.message).toBe(0);
  return new Map(r.data.list.map((row) => [row.id, row]));
}

const sample = (serverId: number, time: number, value: number, item = 'cpu_usage') =>
  t.db
    .insertInto('server_metric')
    .values({ server_id: serverId, item, time, type: 1, value })
    .execute();

/**
 * Moves the clock to just after the end of the next window of `cycle` minutes (its samples
 * settled) and answers that end: the window is [end - cycle, end). The end is after the clock,
 * so a rule added before is due by then whatever its cycle (its first window ends at the first
 * whole minute after it was added).
 */
function nextWindowEnd(cycle = 1): number {
  const span = cycle * MINUTE;
  const end = Math.floor(t.clock.now() / span) * span + span;
  t.clock.advance(end + RULE_SETTLE_MS - t.clock.now());
  return end;
}

/** Runs the windows ending at each minute, with `values[i]` sampled in window i (null: none). */
async function minutes(serverId: number, values: (number | null)[]): Promise<number[]> {
  const ends: number[] = [];
  for (const v of values) {
    const end = nextWindowEnd();
    if (v !== null) await sample(serverId, end - 30_000, v);
    await t.evaluateRules();
    ends.push(end);
  }
  return ends;
}

async function until(what: string, test: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('server warning rules', () => {
  it('aggregates the window alone with each formula', async () => {
    const server = await newServer();
    const ids = {
      avg: await addRule(server, { formula: 'avg', value: 25 }),
      max: await addRule(server, { formula: 'max', value: 25 }),
      min: await addRule(server, { formula: 'min', value: 25 }),
      five: await addRule(server, { formula: 'max', value: 25, groupCycle: 5 }),
    };
    const end = nextWindowEnd(5);
    // Older than every window, and one at the end (the next window's): both ignored by 1-minute
    // windows; the 5-minute window takes the one 4 minutes before its end.
    await sample(server, end - 6 * MINUTE, 1000);
    await sample(server, end - 4 * MINUTE, 70);
    await sample(server, end, 500);
    for (const v of [10, 20, 60]) await sample(server, end - 60_000 + v * 100, v);
    await t.evaluateRules();
    const rows = await rules(server);
    expect(rows.get(ids.avg)).toMatchObject({ lastValue: 30, state: 'alerted', breachCount: 1 });
    expect(rows.get(ids.max)).toMatchObject({ lastValue: 60, state: 'alerted' });
    expect(rows.get(ids.min)).toMatchObject({ lastValue: 10, state: 'ok', breachCount: 0 });
    expect(rows.get(ids.five)).toMatchObject({ lastValue: 70, state: 'alerted' });
    expect(rows.get(ids.avg)!.lastEvalTime).not.toBe('');
  });

  it('compares with each operator as numbers: "9.5" is below "80"', async () => {
    const server = await newServer();
    const ops = ['>=', '>', '<=', '<', '!='] as const;
    const ids = new Map<string, number>();
    for (const operator of ops) ids.set(operator, await addRule(server, { operator, value: '80' }));
    const text = await addRule(server, { operator: '>', value: '80' });
    const end = nextWindowEnd();
    await sample(server, end - 1000, 80);
    await t.evaluateRules();
    const rows = await rules(server);
    const states = ops.map((o) => rows.get(ids.get(o)!)!.state);
    expect(states).toEqual(['alerted', 'ok', 'alerted', 'ok', 'ok']);

    const small = nextWindowEnd();
    await sample(server, small - 1000, 9.5);
    await t.evaluateRules();
    const after = await rules(server);
    expect(after.get(text)).toMatchObject({ value: 80, lastValue: 9.5, state: 'ok' });
    expect(after.get(ids.get('<')!)).toMatchObject({ state: 'alerted' });
  });

  it('alerts after lastCycle windows, keeps silence in minutes, then sends a recovery', async () => {
    const server = await newServer();
    await addRule(server, {
      lastCycle: 2,
      silentCycle: 5,
      notifyType: 255,
      notifyTarget: receiver.url('/rules'),
    });
    const before = receiver.at('/rules').length;
    const notices = () => receiver.at('/rules').slice(before);
    // Breaching from minute 0; alerts at 1 and, five minutes later, at 6; back within at 8.
    const ends = await minutes(server, [90, 95, 90, 90, 90, 90, 85, 90, 10]);
    await until('three notices', () => notices().length === 3);
    const data = notices().map((n) => (n.json as { data: Record<string, unknown> }).data);
    expect(data[0]).toMatchObject({
      server: { id: server, name: `metrics-${servers}`, host: `10.0.0.${servers}` },
      rule: { item: 'cpu_usage', formula: 'avg', operator: '>=', value: '80' },
      cycleValue: '95',
      recovered: false,
    });
    // goploy's notify.ServerMonitorData first, key by key, with no secret in its Server.
    expect(Object.keys(data[0]!).slice(0, 3)).toEqual(['Server', 'ServerMonitor', 'CycleValue']);
    expect(data[0]!.CycleValue).toBe('95');
    const goployServer = data[0]!.Server as Record<string, unknown>;
    expect(Object.keys(goployServer)).toEqual([
      'id',
      'name',
      'ip',
      'port',
      'owner',
      'path',
      'password',
      'jumpIP',
      'jumpPort',
      'jumpOwner',
      'jumpPath',
      'jumpPassword',
      'namespaceId',
      'description',
      'os',
      'osInfo',
      'state',
      'insertTime',
      'updateTime',
    ]);
    expect(goployServer).toMatchObject({
      id: server,
      name: `metrics-${servers}`,
      ip: `10.0.0.${servers}`,
      port: 22,
      owner: 'root',
      password: '',
      jumpPassword: '',
      state: 1,
    });
    const goployRule = data[0]!.ServerMonitor as Record<string, unknown>;
    expect(Object.keys(goployRule)).toEqual([
      'id',
      'serverId',
      'item',
      'formula',
      'operator',
      'value',
      'groupCycle',
      'lastCycle',
      'silentCycle',
      'startTime',
      'endTime',
      'notifyType',
      'notifyTarget',
      'insertTime',
      'updateTime',
    ]);
    expect(goployRule).toMatchObject({
      serverId: server,
      item: 'cpu_usage',
      formula: 'avg',
      operator: '>=',
      value: '80',
      lastCycle: 2,
      silentCycle: 5,
      notifyType: 255,
      notifyTarget: receiver.url('/rules'),
    });
    expect(data[1]).toMatchObject({ cycleValue: '85', recovered: false });
    expect(data[2]).toMatchObject({ cycleValue: '10', recovered: true, breachTime: '8m' });
    expect(data.map((d) => d.time)).toEqual([ends[1], ends[6], ends[8]].map(formatTime));
    await new Promise((r) => setTimeout(r, 100));
    expect(notices()).toHaveLength(3);
  });

  it("renders the namespace's server_monitor template for a chat channel", async () => {
    const server = await newServer();
    await addRule(server, { notifyType: 1, notifyTarget: receiver.url('/wecom') });
    await minutes(server, [93.456, 12]);
    await until('alert and recovery', () => receiver.at('/wecom').length === 2);
    const [alert, recovery] = receiver
      .at('/wecom')
      .map((r) => (r.json as { markdown: { content: string } }).markdown.content);
    expect(alert).toContain(`metrics-${servers} cpu_usage warning`);
    expect(alert).toContain('avg value: 93.46, >= 80');
    expect(recovery).toContain(`metrics-${servers} cpu_usage recovered`);
    expect(recovery).toContain('Recovered after 1m: avg value 12');
  });

  it('alerts the whole address after an edit that sent its masked form back', async () => {
    const server = await newServer();
    const key = '693a91f6-7aaa-4bc4-97a0-0ec2af1f5aaa';
    const id = await addRule(server, {
      notifyType: 1,
      notifyTarget: receiver.url(`/wecom-key?key=${key}`),
    });
    const row = (await rules(server)).get(id)!;
    expect(row.notifyTarget).toBe(receiver.url('/wecom-key?key=••••5aaa'));
    // goploy's clients send the whole listed object back.
    const edit = await t.call('PUT', '/server/editMonitor', {
      token: admin.token,
      ns: 1,
      body: { ...row, value: 90 },
    });
    expect(edit.code, edit.message).toBe(0);
    await minutes(server, [95]);
    await until('the alert', () => receiver.at('/wecom-key').length === 1);
    expect(receiver.at('/wecom-key')[0]!.url).toBe(`/wecom-key?key=${key}`);
  });

  it('neither breaches nor recovers on a window without a sample', async () => {
    const server = await newServer();
    const id = await addRule(server, { lastCycle: 2 });
    await minutes(server, [90, null]);
    expect((await rules(server)).get(id)).toMatchObject({
      state: 'breaching',
      breachCount: 1,
      lastValue: null,
    });
    await minutes(server, [90, null]);
    expect((await rules(server)).get(id)).toMatchObject({ state: 'alerted', lastValue: null });
    await minutes(server, [50]);
    expect((await rules(server)).get(id)).toMatchObject({ state: 'ok', lastValue: 50 });
  });

  it('evaluates only within a time of day that crosses midnight', async () => {
    const server = await newServer();
    const id = await addRule(server, { groupCycle: 15, startTime: '23:00', endTime: '00:30' });
    // To 22:30 of the console's time zone.
    const start = new Date(t.clock.now());
    start.setHours(22, 30, 0, 0);
    if (start.getTime() <= t.clock.now()) start.setDate(start.getDate() + 1);
    t.clock.advance(start.getTime() - t.clock.now());
    admin = await adminOf(t); // the session may have expired in the meantime
    const evaluated: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const end = nextWindowEnd(15);
      await sample(server, end - MINUTE, 90);
      await t.evaluateRules();
      const row = (await rules(server)).get(id)!;
      if (row.lastEvalTime === formatTime(end)) evaluated.push(row.lastEvalTime.slice(11, 16));
    }
    expect(evaluated).toEqual(['23:00', '23:15', '23:30', '23:45', '00:00', '00:15', '00:30']);
  });

  it('two consoles on one database evaluate each window once: one alert', async () => {
    const second = await buildTestApp({}, engineOff, t);
    try {
      const server = await newServer();
      await addRule(server, { notifyType: 255, notifyTarget: receiver.url('/twice') });
      const end = nextWindowEnd();
      await sample(server, end - 1000, 99);
      await Promise.all([t.evaluateRules(), second.evaluateRules(), t.evaluateRules()]);
      await until('the alert', () => receiver.at('/twice').length === 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.at('/twice')).toHaveLength(1);
      const deliveries = await t.db
        .selectFrom('notification_delivery')
        .select('id')
        .where('use_by', '=', 'server_monitor')
        .where('subject', 'like', `metrics-${servers} %`)
        .execute();
      expect(deliveries).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
