import { MAX_METRIC_INTERVAL_S, MIN_METRIC_INTERVAL_S, Perm } from '@ferry/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../../test/factories.js';
import { secondNamespace } from '../../../../test/project-fixtures.js';
import { addServer, closedPort, warmTestDb } from '../../../../test/server-fixtures.js';

beforeAll(() => warmTestDb(), 60_000);

let t: TestApp;
let admin: Actor;
let port: number;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  port = await closedPort();
});
afterEach(() => t.close());

type Method = 'GET' | 'PUT';
const call = (actor: Actor, method: Method, path: string, input: object, ns = 1) =>
  t.call(method, path, {
    token: actor.token,
    ns,
    ...(method === 'GET' ? { query: input as Record<string, number> } : { body: input }),
  });

/** A server of `namespaceId` (0: shared, added from namespace 1) that nothing answers on. */
const server = (namespaceId: number, name: string) =>
  addServer(
    t,
    admin,
    {
      name,
      namespaceId,
      ip: '127.0.0.1',
      port,
      owner: 'root',
      authType: 'password',
      password: 'pw',
    },
    namespaceId || 1,
  );

const sources = () => t.db.selectFrom('server_metric_source').selectAll().execute();

function routes(serverId: number) {
  return [
    {
      perm: Perm.ShowServerMonitorPage,
      method: 'GET',
      path: '/server/getMetricsSource',
      input: { serverId },
    },
    {
      perm: Perm.InstallAgent,
      method: 'PUT',
      path: '/server/editMetricsSource',
      input: { serverId, mode: 'off', interval: 60 },
    },
  ] as const;
}

describe('metrics source security', () => {
  it('opens each route to its permission alone, and refuses the rest without a change', async () => {
    const id = await server(1, 'own');
    const all = routes(id);
    for (const [i, r] of all.entries()) {
      const others = all.map((x) => x.perm).filter((p) => p !== r.perm);
      const without = await memberOf(t, admin, {
        account: `without${i}`,
        namespaceId: 1,
        permissionIds: [Perm.ShowServerPage, ...others],
      });
      const before = await sources();
      expect(await call(without, r.method, r.path, r.input), r.path).toMatchObject({ code: 1 });
      expect(await sources()).toEqual(before);

      const holder = await memberOf(t, admin, {
        account: `holder${i}`,
        namespaceId: 1,
        permissionIds: [r.perm],
      });
      const allowed = await call(holder, r.method, r.path, r.input);
      expect(allowed.code, `${r.path}: ${allowed.message}`).toBe(0);
    }
  });

  it("neither reads nor changes another namespace's server; a shared one is everyone's", async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await server(ns2, 'foreign');
    const shared = await server(0, 'shared');
    const before = await sources();
    for (const r of routes(foreign)) {
      const res = await call(admin, r.method, r.path, r.input);
      expect(res, r.path).toMatchObject({ code: 1, reason: 'not_found' });
    }
    for (const r of routes(404_404)) {
      expect(await call(admin, r.method, r.path, r.input), r.path).toMatchObject({ code: 1 });
    }
    expect(await sources()).toEqual(before);
    for (const r of routes(shared)) {
      const res = await call(admin, r.method, r.path, r.input);
      expect(res.code, `${r.path}: ${res.message}`).toBe(0);
    }
  });

  it('refuses push, an unknown mode and an interval out of range, naming the field', async () => {
    const id = await server(1, 'own');
    const edit = (body: object) => call(admin, 'PUT', '/server/editMetricsSource', body);
    const refusals: [object, string][] = [
      [{ serverId: id, mode: 'push', interval: 60 }, 'mode'],
      [{ serverId: id, mode: 'always', interval: 60 }, 'mode'],
      [{ serverId: id, mode: 'pull', interval: MIN_METRIC_INTERVAL_S - 1 }, 'interval'],
      [{ serverId: id, mode: 'pull', interval: MAX_METRIC_INTERVAL_S + 1 }, 'interval'],
      [{ serverId: id, mode: 'pull', interval: 12.5 }, 'interval'],
      [{ serverId: 'x', mode: 'pull', interval: 60 }, 'serverId'],
    ];
    for (const [body, field] of refusals) {
      const r = await edit(body);
      expect(r, JSON.stringify(body)).toMatchObject({ code: 10003 });
      expect(r.message).toContain(field);
    }
    expect((await edit({ serverId: id, mode: 'push', interval: 60 })).message).toContain(
      'push is set by installing the agent',
    );
    expect(await sources()).toEqual([]);
    const ok = await edit({ serverId: id, mode: 'pull', interval: MIN_METRIC_INTERVAL_S });
    expect(ok.code, ok.message).toBe(0);

    // A server whose agent reports keeps its mode until the agent is uninstalled.
    await t.db
      .updateTable('server_metric_source')
      .set({ mode: 'push', agent_state: 'installed' })
      .where('server_id', '=', id)
      .execute();
    const pushed = await edit({ serverId: id, mode: 'off', interval: 60 });
    expect(pushed).toMatchObject({ code: 10003 });
    expect(pushed.message).toContain('mode');
    expect(await sources()).toMatchObject([{ mode: 'push', interval_s: MIN_METRIC_INTERVAL_S }]);
  });

  it('answers the defaults for a server never collected', async () => {
    const id = await server(1, 'own');
    const r = await call(admin, 'GET', '/server/getMetricsSource', { serverId: id });
    expect(r).toMatchObject({
      code: 0,
      data: {
        serverId: id,
        mode: 'pull',
        interval: 60,
        state: 'unknown',
        lastSampleTime: '',
        lastError: '',
        agentState: 'none',
        agentError: '',
        agentTime: '',
      },
    });
  });
});
