import { DEFAULT_CHECK_TIMEOUT_S, type MonitorCheckResult, type MonitorRow } from '@ferry/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { startSite, type Site } from '../../../test/monitor-fixtures.js';
import { warmTestDb } from '../../../test/server-fixtures.js';

beforeAll(() => warmTestDb(), 60_000);

/** The scheduler's own ticker is slowed down: the tests pace it with the clock. */
const engineOff = { monitorEngine: { tickMs: 3_600_000 } };

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closing.length > 0) await closing.pop()!();
});

async function setup(env: Record<string, string> = {}) {
  const site = await startSite();
  const receiver = await startReceiver();
  const t = await buildTestApp(env, engineOff);
  closing.push(site.close, receiver.close, () => t.close());
  return { site, receiver, t, admin: await adminOf(t) };
}

async function addMonitor(
  t: TestApp,
  admin: Actor,
  site: Site,
  receiver: Receiver,
  extra: object = {},
): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/monitor/add', {
    token: admin.token,
    ns: 1,
    body: {
      name: 'shop',
      type: 1,
      target: JSON.stringify({ items: [site.url('/health')], timeout: 2 }),
      second: 10,
      times: 2,
      silentCycle: 1,
      notifyType: 255,
      notifyTarget: receiver.url('/hook'),
      ...extra,
    },
  });
  expect(r.code, r.message).toBe(0);
  return r.data.id;
}

async function listed(t: TestApp, admin: Actor, id: number): Promise<MonitorRow> {
  const r = await t.call<{ list: MonitorRow[] }>('GET', '/monitor/getList', {
    token: admin.token,
    ns: 1,
  });
  return r.data.list.find((m) => m.id === id)!;
}

async function until(what: string, test: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const checksOf = async (t: TestApp, id?: number) =>
  (
    await t.db
      .selectFrom('monitor_check')
      .select((e) => e.fn.countAll().as('n'))
      .$if(id !== undefined, (q) => q.where('monitor_id', '=', id!))
      .executeTakeFirstOrThrow()
  ).n;

// Each test starts a console of its own (on PostgreSQL, a database made for it) before it waits up
// to 10 s for what it checks: vitest's default 5 s per test could end that wait before it began.
describe('monitor engine', { timeout: 20_000 }, () => {
  it('goes down after `times` failures, alerts, and sends a recovery with the downtime', async () => {
    const { site, receiver, t, admin } = await setup();
    const id = await addMonitor(t, admin, site, receiver);

    await t.runDueMonitors();
    expect(await listed(t, admin, id)).toMatchObject({ status: 'up', failCount: 0 });

    site.answer(500);
    t.clock.advance(10_000);
    await t.runDueMonitors();
    expect(await listed(t, admin, id)).toMatchObject({ status: 'failing', failCount: 1 });
    t.clock.advance(10_000);
    await t.runDueMonitors();
    const down = await listed(t, admin, id);
    expect(down).toMatchObject({
      status: 'down',
      failCount: 2,
      errorContent: 'HTTP status 500 is not accepted (200-399).',
    });

    await until('the alert', () => receiver.at('/hook').length === 1);
    const alert = receiver.at('/hook')[0]!.json as { data: Record<string, unknown> };
    expect(alert.data).toMatchObject({
      monitor: { id, name: 'shop', type: 'HTTP' },
      error: 'HTTP status 500 is not accepted (200-399).',
      recovered: false,
    });
    // goploy's notify.MonitorData first, key by key, so receivers written for goploy read it.
    expect(Object.keys(alert.data).slice(0, 2)).toEqual(['Monitor', 'ErrorMsg']);
    expect(alert.data.ErrorMsg).toBe('HTTP status 500 is not accepted (200-399).');
    const goploy = alert.data.Monitor as Record<string, unknown>;
    expect(Object.keys(goploy)).toEqual([
      'id',
      'namespaceId',
      'name',
      'type',
      'target',
      'second',
      'times',
      'silentCycle',
      'notifyType',
      'notifyTarget',
      'successServerId',
      'successScript',
      'failServerId',
      'failScript',
      'description',
      'errorContent',
      'state',
      'insertTime',
      'updateTime',
    ]);
    expect(goploy).toMatchObject({
      id,
      namespaceId: 1,
      name: 'shop',
      type: 1,
      target: { items: [site.url('/health')], timeout: 2, process: '', script: '' },
      second: 10,
      times: 2,
      silentCycle: 1,
      notifyType: 255,
      notifyTarget: receiver.url('/hook'),
      successScript: '',
      failScript: '',
      state: 1,
    });
    expect(Object.keys(goploy.target as object)).toEqual(['items', 'timeout', 'process', 'script']);

    // Silent: further failures within the silent cycle alert no more, but are still checked.
    t.clock.advance(10_000);
    await t.runDueMonitors();
    expect(await checksOf(t, id)).toBe(4);

    site.answer(200);
    t.clock.advance(10_000);
    await t.runDueMonitors();
    expect(await listed(t, admin, id)).toMatchObject({ status: 'up', lastError: '' });
    await until('the recovery', () => receiver.at('/hook').length === 2);
    const recovery = receiver.at('/hook')[1]!.json as { data: Record<string, unknown> };
    // Down from the first failed check (second 10) to the passing one (second 40).
    expect(recovery.data).toMatchObject({ recovered: true, downtime: '30s', error: '' });

    const incidents = await t.call<{ list: Record<string, unknown>[] }>(
      'GET',
      '/monitor/getIncidents',
      { token: admin.token, ns: 1, query: { id } },
    );
    expect(incidents.data.list).toEqual([
      expect.objectContaining({
        duration: 30,
        error: 'HTTP status 500 is not accepted (200-399).',
        alertsSent: 1,
        recoverySent: 1,
      }),
    ]);
    expect(incidents.data.list[0]!.endTime).not.toBe('');

    const chart = await t.call<{ points: { checks: number; failures: number }[] }>(
      'GET',
      '/monitor/getChecks',
      { token: admin.token, ns: 1, query: { id, range: 'hour' } },
    );
    expect(chart.code, chart.message).toBe(0);
    const sum = (k: 'checks' | 'failures') => chart.data.points.reduce((n, p) => n + p[k], 0);
    expect([sum('checks'), sum('failures')]).toEqual([5, 3]);
    expect((await listed(t, admin, id)).uptime24h).toBe(40);
  });

  it('repeats the alert once the silent cycle is over', async () => {
    const { site, receiver, t, admin } = await setup();
    site.answer(503);
    const id = await addMonitor(t, admin, site, receiver, { times: 1, notifyTimes: 1 });
    for (let i = 0; i < 20; i += 1) {
      await t.runDueMonitors();
      t.clock.advance(10_000);
    }
    // Down at once, a reminder after a minute, then no more (notifyTimes 1).
    await until('two alerts', () => receiver.at('/hook').length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.at('/hook')).toHaveLength(2);
    const row = await t.db.selectFrom('monitor_incident').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ monitor_id: id, alerts_sent: 2, end_time: 0 });
  });

  it('alerts the whole address after an edit that sent its masked form back', async () => {
    const { site, receiver, t, admin } = await setup();
    const token = '0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c7e11';
    const id = await addMonitor(t, admin, site, receiver, {
      times: 1,
      notifyTarget: receiver.url(`/robot/send?access_token=${token}`),
    });
    // The check that adding starts ends (passing) before the site breaks: were it still under
    // way, the pass after the edit would leave the monitor to it and check nothing more.
    await t.runDueMonitors();
    const row = await listed(t, admin, id);
    expect(row.notifyTarget).toBe(receiver.url('/robot/send?access_token=••••7e11'));
    site.answer(500);
    // goploy's clients send the whole listed object back.
    const edit = await t.call('PUT', '/monitor/edit', {
      token: admin.token,
      ns: 1,
      body: { ...row, name: 'shop-2' },
    });
    expect(edit.code, edit.message).toBe(0);
    await t.runDueMonitors();
    await until('the alert', () => receiver.at('/robot/send').length === 1);
    expect(receiver.at('/robot/send')[0]!.url).toBe(`/robot/send?access_token=${token}`);
  });

  it("keeps the site options an edit from goploy's form leaves out, and takes those it names", async () => {
    const { site, receiver, t, admin } = await setup();
    const options = {
      method: 'HEAD',
      statuses: '200,204',
      keyword: 'ok',
      keywordMode: 'absent',
      maxResponseMs: 1500,
      certWarnDays: 7,
    };
    const items = [site.url('/health')];
    const id = await addMonitor(t, admin, site, receiver, {
      target: { items, timeout: 2, ...options },
    });
    const listedForm = { ...(await listed(t, admin, id)), name: 'renamed' };
    const edit = (target: object | string) =>
      t.call('PUT', '/monitor/edit', {
        token: admin.token,
        ns: 1,
        body: { ...listedForm, target },
      });
    // goploy's form rebuilds the target from its four keys, as JSON text; its description is a
    // textarea.
    listedForm.description = 'Checks the shop.\nOwner: ops';
    const goploys = await edit(JSON.stringify({ items, timeout: 3, process: '', script: '' }));
    expect(goploys.code, goploys.message).toBe(0);
    const after = await listed(t, admin, id);
    expect(after.target).toMatchObject({ timeout: 3, ...options });
    expect(after.description).toBe('Checks the shop.\nOwner: ops');
    listedForm.description = 'bidi \u202e text';
    const bidi = await edit({ items, timeout: 3 });
    expect(bidi.code).toBe(10003);
    expect(bidi.message).toMatch(/^description /);
    listedForm.description = '';
    // Ferry's own form names them: they change.
    const ours = await edit({ items, timeout: 3, ...options, keyword: '', method: 'GET' });
    expect(ours.code, ours.message).toBe(0);
    expect((await listed(t, admin, id)).target).toMatchObject({ keyword: '', method: 'GET' });
  });

  it("takes goploy's empty timeout (0) as the default on add, edit and check; refuses 121", async () => {
    const { site, receiver, t, admin } = await setup();
    // goploy's form sends `formProps.timeout || 0`: an empty field is 0.
    const goploys = JSON.stringify({
      items: [site.url('/health')],
      timeout: 0,
      process: '',
      script: '',
    });
    const id = await addMonitor(t, admin, site, receiver, { target: goploys });
    const stored = async () =>
      JSON.parse(
        (
          await t.db
            .selectFrom('monitor')
            .select('target')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).target,
      ) as { timeout: number };
    expect((await stored()).timeout).toBe(DEFAULT_CHECK_TIMEOUT_S);
    expect((await listed(t, admin, id)).target.timeout).toBe(DEFAULT_CHECK_TIMEOUT_S);
    const form = await listed(t, admin, id);
    const edit = (timeout: number) =>
      t.call('PUT', '/monitor/edit', {
        token: admin.token,
        ns: 1,
        body: {
          ...form,
          target: JSON.stringify({ items: form.target.items, timeout, process: '', script: '' }),
        },
      });
    expect((await edit(5)).code).toBe(0);
    expect((await stored()).timeout).toBe(5);
    expect((await edit(0)).code).toBe(0);
    expect((await stored()).timeout).toBe(DEFAULT_CHECK_TIMEOUT_S);
    const tooLong = await edit(121);
    expect(tooLong).toMatchObject({ code: 10003, message: 'target.timeout must be at most 120' });
    expect((await stored()).timeout).toBe(DEFAULT_CHECK_TIMEOUT_S);
    const check = await t.call('POST', '/monitor/check', {
      token: admin.token,
      ns: 1,
      body: { type: 1, target: goploys },
    });
    expect(check).toMatchObject({ code: 0, data: { ok: true } });
  });

  it('checks concurrently: a slow target does not delay another', async () => {
    const { site, receiver, t, admin } = await setup();
    const slow = await startSite();
    closing.push(slow.close);
    slow.answer(200, 1500);
    await addMonitor(t, admin, slow, receiver, { name: 'slow' });
    const fast = await addMonitor(t, admin, site, receiver, { name: 'fast' });
    const started = Date.now();
    const done = t.runDueMonitors();
    await until('the fast check', () => site.hits() === 1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    await done;
    expect((await listed(t, admin, fast)).status).toBe('up');
  });

  it('keeps no result of a monitor removed while its check ran', async () => {
    const { site, receiver, t, admin } = await setup();
    site.answer(200, 600);
    const id = await addMonitor(t, admin, site, receiver);
    const done = t.runDueMonitors();
    await until('the check under way', () => site.hits() === 1, 2000);
    const removed = await t.call('DELETE', '/monitor/remove', {
      token: admin.token,
      ns: 1,
      body: { id },
    });
    expect(removed.code, removed.message).toBe(0);
    await done;
    expect(Number(await checksOf(t, id))).toBe(0);
    const rollups = await t.db
      .selectFrom('monitor_rollup')
      .select('monitor_id')
      .where('monitor_id', '=', id)
      .execute();
    expect(rollups).toEqual([]);
  });

  it('starts the checks a full cap held back as soon as slots free, not at the next tick', async () => {
    const site = await startSite();
    const receiver = await startReceiver();
    const t = await buildTestApp({}, { monitorEngine: { tickMs: 3_600_000, cap: 2 } });
    closing.push(site.close, receiver.close, () => t.close());
    const admin = await adminOf(t);
    site.answer(200, 150);
    for (let i = 0; i < 7; i += 1) await addMonitor(t, admin, site, receiver, { name: `m${i}` });
    // One pass (and the ones adding woke); the ticker's next is an hour away.
    await t.runDueMonitors();
    expect(Number(await checksOf(t))).toBe(7);
    expect(site.hits()).toBe(7);
  });

  it('pauses and resumes: a paused monitor is not checked', async () => {
    const { site, receiver, t, admin } = await setup();
    const id = await addMonitor(t, admin, site, receiver);
    const toggle = (state: number) =>
      t.call('PUT', '/monitor/toggle', { token: admin.token, ns: 1, body: { id, state } });
    await t.runDueMonitors();
    expect(site.hits()).toBe(1);
    expect((await toggle(0)).code).toBe(0);
    t.clock.advance(60_000);
    await t.runDueMonitors();
    expect(await listed(t, admin, id)).toMatchObject({ state: 0, status: 'paused' });
    expect(site.hits()).toBe(1);
    expect((await toggle(1)).code).toBe(0);
    await t.runDueMonitors();
    expect(await listed(t, admin, id)).toMatchObject({ state: 1, status: 'up' });
  });

  it('two consoles on one database check each monitor once per interval', async () => {
    const { site, receiver, t, admin } = await setup();
    const second = await buildTestApp({}, engineOff, t);
    closing.push(() => second.close());
    for (let i = 0; i < 8; i += 1) await addMonitor(t, admin, site, receiver, { name: `m${i}` });
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([t.runDueMonitors(), second.runDueMonitors(), t.runDueMonitors()]);
      t.clock.advance(10_000);
    }
    expect(Number(await checksOf(t))).toBe(24);
    expect(site.hits()).toBe(24);
  });

  it('continues after a restart: the next check time survives', async () => {
    const { site, receiver, t, admin } = await setup();
    const id = await addMonitor(t, admin, site, receiver);
    await t.runDueMonitors();
    const before = await t.db
      .selectFrom('monitor')
      .select('next_check')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.next_check).toBe(t.clock.now() + 10_000);

    const restarted = await buildTestApp({}, engineOff, t);
    closing.push(() => restarted.close());
    await restarted.runDueMonitors();
    expect(Number(await checksOf(t, id))).toBe(1);
    t.clock.advance(10_000);
    await restarted.runDueMonitors();
    expect(Number(await checksOf(t, id))).toBe(2);
  });

  it('rolls results up, and prunes raw results past the retention', async () => {
    const {
      site,
      receiver,
      t,
      admin: first,
    } = await setup({
      FERRY_MONITOR_CHECK_RETENTION_DAYS: '5',
    });
    const id = await addMonitor(t, first, site, receiver);
    for (let i = 0; i < 7; i += 1) {
      await t.runDueMonitors();
      t.clock.advance(10_000);
    }
    const rollups = await t.db
      .selectFrom('monitor_rollup')
      .select(['span', 'checks'])
      .where('monitor_id', '=', id)
      .execute();
    const bySpan = (span: number) =>
      rollups.filter((r) => r.span === span).reduce((n, r) => n + Number(r.checks), 0);
    expect([bySpan(60), bySpan(3600)]).toEqual([7, 7]);

    t.clock.advance(10 * 86_400_000);
    await t.runDueMonitors();
    expect(await t.pruneMonitors()).toBe(7);
    expect(Number(await checksOf(t, id))).toBe(1);
    const kept = await t.db
      .selectFrom('monitor_rollup')
      .select('span')
      .where('monitor_id', '=', id)
      .execute();
    // The minute roll-ups of ten days ago are gone; the hour ones stay for the long ranges.
    expect(kept.filter((r) => r.span === 60)).toHaveLength(1);
    expect(kept.filter((r) => r.span === 3600).length).toBeGreaterThanOrEqual(2);

    const admin = await adminOf(t); // ten days on, the first session has expired

    const chart = async (range: string) => {
      const r = await t.call<{ points: { checks: number }[] }>('GET', '/monitor/getChecks', {
        token: admin.token,
        ns: 1,
        query: { id, range },
      });
      expect(r.code, r.message).toBe(0);
      return r.data.points.reduce((n, p) => n + p.checks, 0);
    };
    expect(await chart('hour')).toBe(1);
    expect(await chart('month')).toBe(8);
  });

  it('answers the last hour of many monitors as sparklines, failures as null', async () => {
    const { site, receiver, t, admin } = await setup();
    const a = await addMonitor(t, admin, site, receiver, { name: 'a' });
    const b = await addMonitor(t, admin, site, receiver, { name: 'b', times: 5 });
    const sparklines = async (ids: string) => {
      const r = await t.call<{ list: { id: number; points: [string, number | null][] }[] }>(
        'GET',
        '/monitor/getSparklines',
        { token: admin.token, ns: 1, query: { ids } },
      );
      expect(r.code, r.message).toBe(0);
      return r.data.list;
    };
    expect(await sparklines(`${a},${b}`)).toEqual([
      { id: a, points: [] },
      { id: b, points: [] },
    ]);
    // Three minutes: two checks a minute, the third minute's checks failing.
    for (let i = 0; i < 6; i += 1) {
      if (i === 4) site.answer(500);
      await t.runDueMonitors();
      t.clock.advance(30_000);
    }
    const list = await sparklines(`${b},${a},999`);
    expect(list.map((l) => l.id)).toEqual([b, a]);
    for (const { points } of list) {
      expect(points.length).toBeGreaterThanOrEqual(3);
      expect(points.length).toBeLessThanOrEqual(4);
      expect(points.at(-1)![1]).toBeNull();
      expect(points[0]![1]).toEqual(expect.any(Number));
      expect(points.map((p) => p[0])).toEqual([...points.map((p) => p[0])].sort());
    }
    // An hour and more later, the old points are gone.
    t.clock.advance(2 * 3_600_000);
    expect(await sparklines(String(a))).toEqual([{ id: a, points: [] }]);
  });

  it("tests a check without running its scripts, and answers goploy's code on failure", async () => {
    const { site, t, admin } = await setup();
    const check = (body: object) =>
      t.call<MonitorCheckResult & { scripts: unknown[] }>('POST', '/monitor/check', {
        token: admin.token,
        ns: 1,
        body: { type: 1, target: { items: [site.url()] }, ...body },
      });
    const ok = await check({});
    expect(ok).toMatchObject({ code: 0, data: { ok: true, scripts: [] } });
    site.answer(500);
    const bad = await check({});
    expect(bad).toMatchObject({
      code: 2,
      message: 'HTTP status 500 is not accepted (200-399).',
      data: { ok: false, message: 'HTTP status 500 is not accepted (200-399).', scripts: [] },
    });
    expect(await t.db.selectFrom('monitor').selectAll().execute()).toEqual([]);
  });
});
