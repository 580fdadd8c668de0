import { Perm } from '@ferry/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { secondNamespace } from '../../../test/project-fixtures.js';
import { addServer, warmTestDb } from '../../../test/server-fixtures.js';

beforeAll(() => warmTestDb(), 60_000);

let t: TestApp;
let admin: Actor;
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({}, { monitorEngine: { tickMs: 3_600_000 } });
  admin = await adminOf(t);
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (actor: Actor, method: Method, path: string, input: object, ns = 1) =>
  t.call<{ id: number }>(method, path, {
    token: actor.token,
    ns,
    ...(method === 'GET' ? { query: input as Record<string, number> } : { body: input }),
  });

const form = () => ({
  name: 'home',
  type: 1,
  target: { items: [receiver.url('/site')] },
  second: 10,
  times: 1,
  silentCycle: 5,
});

async function addMonitor(body: object = form(), ns = 1): Promise<number> {
  const r = await call(admin, 'POST', '/monitor/add', body, ns);
  expect(r.code, r.message).toBe(0);
  await t.runDueMonitors(); // its first check, woken by the add, is over
  return r.data.id;
}

const server = (ns: number, name: string) =>
  addServer(
    t,
    admin,
    { name, ip: '127.0.0.1', port: 22, owner: 'root', authType: 'password', password: 'pw' },
    ns,
  );

const snapshot = async () => ({
  monitor: await t.db.selectFrom('monitor').selectAll().orderBy('id').execute(),
  incident: await t.db.selectFrom('monitor_incident').selectAll().orderBy('id').execute(),
});

function routes(id: number) {
  return [
    { perm: [Perm.ShowMonitorPage], method: 'GET', path: '/monitor/getList', input: {} },
    { perm: [Perm.AddMonitor], method: 'POST', path: '/monitor/add', input: form() },
    {
      perm: [Perm.EditMonitor],
      method: 'PUT',
      path: '/monitor/edit',
      input: { id, ...form(), name: 'edited' },
    },
    { perm: [Perm.EditMonitor], method: 'PUT', path: '/monitor/toggle', input: { id, state: 0 } },
    {
      perm: [Perm.AddMonitor, Perm.EditMonitor],
      method: 'POST',
      path: '/monitor/check',
      input: { type: 1, target: { items: [receiver.url('/site')] } },
    },
    {
      perm: [Perm.ShowMonitorPage],
      method: 'GET',
      path: '/monitor/getChecks',
      input: { id, range: 'day' },
    },
    { perm: [Perm.ShowMonitorPage], method: 'GET', path: '/monitor/getIncidents', input: { id } },
    {
      perm: [Perm.ShowMonitorPage],
      method: 'GET',
      path: '/monitor/getSparklines',
      input: { ids: String(id) },
    },
    { perm: [Perm.DeleteMonitor], method: 'DELETE', path: '/monitor/remove', input: { id } },
  ] as const;
}

describe('monitor security', () => {
  it('opens each route to its permissions alone, and refuses the rest without a change', async () => {
    const id = await addMonitor();
    const all = routes(id);
    const perms = [Perm.ShowMonitorPage, Perm.AddMonitor, Perm.EditMonitor, Perm.DeleteMonitor];
    for (const [i, r] of all.entries()) {
      const without = await memberOf(t, admin, {
        account: `without${i}`,
        namespaceId: 1,
        permissionIds: perms.filter((p) => !(r.perm as readonly number[]).includes(p)),
      });
      const before = await snapshot();
      const denied = await call(without, r.method, r.path, r.input);
      expect(denied, `${r.method} ${r.path}`).toMatchObject({ code: 1 });
      expect(await snapshot()).toEqual(before);
    }
    for (const [i, r] of all.entries()) {
      for (const [j, perm] of r.perm.entries()) {
        const holder = await memberOf(t, admin, {
          account: `holder${i}-${j}`,
          namespaceId: 1,
          permissionIds: [perm],
        });
        const allowed = await call(holder, r.method, r.path, r.input);
        expect(allowed.code, `${r.method} ${r.path}: ${allowed.message}`).toBe(0);
      }
    }
  });

  it("never reads, changes or removes another namespace's monitors", async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await addMonitor(form(), ns2);
    const mine = await addMonitor();
    const before = await snapshot();
    for (const r of routes(foreign).filter((x) => 'id' in x.input)) {
      const res = await call(admin, r.method, r.path, r.input);
      expect(res, `${r.method} ${r.path}`).toMatchObject({ code: 1, reason: 'not_found' });
    }
    expect(await snapshot()).toEqual(before);
    const list = await t.call<{ list: { id: number }[] }>('GET', '/monitor/getList', {
      token: admin.token,
      ns: 1,
    });
    expect(list.data.list.map((m) => m.id)).toEqual([mine]);
    const spark = await t.call<{ list: { id: number }[] }>('GET', '/monitor/getSparklines', {
      token: admin.token,
      ns: 1,
      query: { ids: `${foreign},${mine}` },
    });
    expect(spark.data.list.map((m) => m.id)).toEqual([mine]);
  });

  it("runs scripts and process checks only on the namespace's servers", async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await server(ns2, 'foreign');
    const own = await server(1, 'own');
    const processForm = (items: string[], extra: object = {}) => ({
      ...form(),
      type: 4,
      target: { items, process: 'nginx' },
      ...extra,
    });
    const refusals: [object, number, string][] = [
      [processForm([String(foreign)]), 1, 'not_found'],
      [
        { ...form(), type: 5, target: { items: [String(own), String(foreign)], script: 'true' } },
        1,
        'not_found',
      ],
      [processForm([String(own)], { failServerId: foreign, failScript: 'x' }), 1, 'not_found'],
      [{ ...form(), successServerId: foreign, successScript: 'x' }, 1, 'not_found'],
      [processForm(['own']), 10003, 'invalid_parameter'],
      [processForm([String(own)], { failServerId: 'x' }), 10003, 'invalid_parameter'],
    ];
    for (const [body, code, reason] of refusals) {
      for (const path of ['/monitor/add', '/monitor/check']) {
        const r = await call(admin, 'POST', path, body);
        expect(r, `${path} ${JSON.stringify(body)}`).toMatchObject({ code, reason });
      }
    }
    expect(await t.db.selectFrom('monitor').selectAll().execute()).toEqual([]);
    const ok = await call(admin, 'POST', '/monitor/add', processForm([String(own)]));
    expect(ok.code, ok.message).toBe(0);
    const message = (await call(admin, 'POST', '/monitor/check', processForm(['x1']))).message;
    expect(message).toContain('target.items.0');
  });

  it('keeps credentials, tokens and the channel address out of alerts', async () => {
    const hook = receiver.url('/hook?access_token=h00ktoken');
    await addMonitor({
      ...form(),
      target: { items: ['http://alice:s3cret@127.0.0.1:9/x?token=t0ken'] },
      notifyType: 255,
      notifyTarget: hook,
      failScript: 'echo hidden-script',
      failServerId: await server(1, 'own'),
    });
    await t.runDueMonitors();
    const end = Date.now() + 10_000;
    while (receiver.at('/hook').length === 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const [alert] = receiver.at('/hook');
    expect(alert).toBeDefined();
    expect(alert!.json).toMatchObject({ data: { recovered: false } });
    for (const secret of ['s3cret', 't0ken', 'h00ktoken', 'hidden-script', 'alice']) {
      expect(alert!.body).not.toContain(secret);
    }
    const rows = await t.db.selectFrom('notification_delivery').selectAll().execute();
    for (const secret of ['s3cret', 't0ken', 'h00ktoken']) {
      expect(JSON.stringify(rows)).not.toContain(secret);
    }
    // The monitor keeps its channel address sealed.
    const monitors = await t.db.selectFrom('monitor').select('notify_target').execute();
    expect(JSON.stringify(monitors)).not.toContain('h00ktoken');
  });
});
