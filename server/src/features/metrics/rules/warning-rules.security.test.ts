import { Perm, type WarningRuleRow } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../../test/factories.js';
import { secondNamespace } from '../../../../test/project-fixtures.js';
import { addServer, warmTestDb } from '../../../../test/server-fixtures.js';

let t: TestApp;
let admin: Actor;
let ns2: number;
let own: number;
let foreign: number;
let shared: number;
beforeAll(async () => {
  await warmTestDb();
  t = await buildTestApp({}, { ruleEngine: { tickMs: 3_600_000 } });
  admin = await adminOf(t);
  ns2 = await secondNamespace(t, admin);
  const server = (ns: number, name: string, namespaceId?: number) =>
    addServer(
      t,
      admin,
      {
        name,
        ip: `10.1.0.${ns}${name.length}`,
        port: 22,
        owner: 'root',
        authType: 'password',
        password: 'pw',
        ...(namespaceId === undefined ? {} : { namespaceId }),
      },
      ns,
    );
  own = await server(1, 'own');
  foreign = await server(ns2, 'foreign');
  shared = await server(1, 'shared-one', 0);
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = <T = { id: number }>(
  actor: Actor,
  method: Method,
  path: string,
  input: object,
  ns = 1,
) =>
  t.call<T>(method, path, {
    token: actor.token,
    ns,
    ...(method === 'GET' ? { query: input as Record<string, number> } : { body: input }),
  });

const form = (serverId: number, extra: object = {}) => ({
  serverId,
  item: 'eth0.in',
  formula: 'max',
  operator: '>',
  value: '1000.5',
  groupCycle: 5,
  lastCycle: 3,
  silentCycle: 30,
  startTime: '22:00',
  endTime: '06:00',
  notifyType: 255,
  notifyTarget: 'http://127.0.0.1:9/hook',
  ...extra,
});

async function addRule(serverId = own, ns = 1): Promise<number> {
  const r = await call(admin, 'POST', '/server/addMonitor', form(serverId), ns);
  expect(r.code, r.message).toBe(0);
  return r.data.id;
}

const list = async (serverId: number, actor = admin, ns = 1) =>
  call<{ list: WarningRuleRow[] }>(actor, 'GET', '/server/getAllMonitor', { serverId }, ns);

const snapshot = () => t.db.selectFrom('server_warning_rule').selectAll().orderBy('id').execute();

describe('warning rule routes', () => {
  it("adds, lists with goploy's fields and the state, edits anew and deletes", async () => {
    const id = await addRule();
    const listed = await list(own);
    expect(listed.code, listed.message).toBe(0);
    expect(listed.data.list).toEqual([
      {
        id,
        ...form(own),
        // Sent as text, answered as the number it is.
        value: 1000.5,
        insertTime: expect.any(String),
        updateTime: expect.any(String),
        state: 'ok',
        lastValue: null,
        lastEvalTime: '',
        breachCount: 0,
        lastAlertTime: '',
      },
    ]);

    await t.db
      .updateTable('server_warning_rule')
      .set({ state: 'silent', breach_count: 4, last_value: 2000, last_alert_time: 1 })
      .where('id', '=', id)
      .execute();
    // goploy's edit form sends no serverId: the rule keeps its server.
    const { serverId: _, ...edit } = form(own, { id, operator: '<=', value: 7, groupCycle: 60 });
    const edited = await call(admin, 'PUT', '/server/editMonitor', edit);
    expect(edited.code, edited.message).toBe(0);
    const row = (await list(own)).data.list[0]!;
    expect(row).toMatchObject({ serverId: own, operator: '<=', value: 7, groupCycle: 60 });
    expect(row).toMatchObject({ state: 'ok', breachCount: 0, lastValue: null, lastAlertTime: '' });
    const stored = await t.db
      .selectFrom('server_warning_rule')
      .select('next_eval')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.next_eval % 3_600_000).toBe(0);
    expect(stored.next_eval).toBeGreaterThanOrEqual(t.clock.now());

    const removed = await call(admin, 'DELETE', '/server/deleteMonitor', { id });
    expect(removed.code, removed.message).toBe(0);
    expect((await list(own)).data.list).toEqual([]);
  });

  it('refuses bad input with 10003 naming the field, and stores nothing', async () => {
    const before = await snapshot();
    const bad: [object, string][] = [
      [{ value: 'abc' }, 'value'],
      [{ value: '80%' }, 'value'],
      [{ value: '' }, 'value'],
      [{ value: null }, 'value'],
      [{ formula: 'sum' }, 'formula'],
      [{ operator: '=>' }, 'operator'],
      [{ groupCycle: 10 }, 'groupCycle'],
      [{ lastCycle: 0 }, 'lastCycle'],
      [{ lastCycle: 181 }, 'lastCycle'],
      [{ silentCycle: 4 }, 'silentCycle'],
      [{ silentCycle: 1441 }, 'silentCycle'],
      [{ startTime: '24:00' }, 'startTime'],
      [{ endTime: '7:00' }, 'endTime'],
      [{ item: '' }, 'item'],
      [{ item: 'x'.repeat(129) }, 'item'],
      [{ notifyType: 4 }, 'notifyType'],
      [{ notifyTarget: '' }, 'notifyTarget'],
      [{ notifyTarget: 'ftp://x' }, 'notifyTarget'],
      [{ serverId: 'x' }, 'serverId'],
    ];
    for (const [extra, field] of bad) {
      const r = await call(admin, 'POST', '/server/addMonitor', form(own, extra));
      expect(r, JSON.stringify(extra)).toMatchObject({ code: 10003 });
      expect(r.message, JSON.stringify(extra)).toContain(field);
    }
    const edit = await call(admin, 'PUT', '/server/editMonitor', { ...form(own), id: 'one' });
    expect(edit).toMatchObject({ code: 10003 });
    expect(edit.message).toContain('id');
    expect(await snapshot()).toEqual(before);
  });

  it('opens each route to its permission alone', async () => {
    const id = await addRule();
    const routes = [
      {
        perm: Perm.ShowServerMonitorPage,
        method: 'GET',
        path: '/server/getAllMonitor',
        input: { serverId: own },
      },
      {
        perm: Perm.AddServerWarningRule,
        method: 'POST',
        path: '/server/addMonitor',
        input: form(own),
      },
      {
        perm: Perm.EditServerWarningRule,
        method: 'PUT',
        path: '/server/editMonitor',
        input: { ...form(own), id },
      },
      {
        perm: Perm.DeleteServerWarningRule,
        method: 'DELETE',
        path: '/server/deleteMonitor',
        input: { id },
      },
    ] as const;
    const perms = routes.map((r) => r.perm);
    for (const [i, r] of routes.entries()) {
      const without = await memberOf(t, admin, {
        account: `norule${i}`,
        namespaceId: 1,
        permissionIds: perms.filter((p) => p !== r.perm),
      });
      const before = await snapshot();
      expect(await call(without, r.method, r.path, r.input), r.path).toMatchObject({ code: 1 });
      expect(await snapshot()).toEqual(before);
      const holder = await memberOf(t, admin, {
        account: `rule${i}`,
        namespaceId: 1,
        permissionIds: [r.perm],
      });
      const allowed = await call(holder, r.method, r.path, r.input);
      expect(allowed.code, `${r.path}: ${allowed.message}`).toBe(0);
    }
  });

  it("never reads, changes or removes another namespace's rules or uses its servers", async () => {
    const theirs = await addRule(foreign, ns2);
    const theirsOnShared = await addRule(shared, ns2);
    const mine = await addRule(shared);
    const before = await snapshot();
    const refused = [
      ['GET', '/server/getAllMonitor', { serverId: foreign }],
      ['POST', '/server/addMonitor', form(foreign)],
      ['PUT', '/server/editMonitor', { ...form(own), id: theirs }],
      ['PUT', '/server/editMonitor', { ...form(own), id: theirsOnShared }],
      ['PUT', '/server/editMonitor', { ...form(foreign), id: mine }],
      ['DELETE', '/server/deleteMonitor', { id: theirs }],
      ['DELETE', '/server/deleteMonitor', { id: theirsOnShared }],
      ['GET', '/server/getAllMonitor', { serverId: 999_999 }],
    ] as const;
    for (const [method, path, input] of refused) {
      const r = await call(admin, method, path, input);
      expect(r, `${method} ${path} ${JSON.stringify(input)}`).toMatchObject({
        code: 1,
        reason: 'not_found',
      });
    }
    expect(await snapshot()).toEqual(before);
    // A shared server's rules are per namespace.
    expect((await list(shared)).data.list.map((r) => r.id)).toEqual([mine]);
    expect((await list(shared, admin, ns2)).data.list.map((r) => r.id)).toEqual([theirsOnShared]);
  });
});
