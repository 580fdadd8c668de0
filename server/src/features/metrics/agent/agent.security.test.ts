import { Perm, type Envelope } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../core/crypto.js';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../../test/factories.js';
import { useOneSshd } from '../../../../test/one-sshd.js';
import { addServer, serverForm } from '../../../../test/server-fixtures.js';
import { agentSign } from './agent-sign.js';

const sshd = useOneSshd();
const KEY_A = 'key-of-server-a-0123456789abcdefghijklmnopq';
const KEY_B = 'key-of-server-b-0123456789abcdefghijklmnopq';

let t: TestApp;
let admin: Actor;
let idA: number;
let idB: number;
let idNoAgent: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  idA = await addServer(t, admin, serverForm(sshd.server, { name: 'a' }));
  idB = await addServer(t, admin, serverForm(sshd.server, { name: 'b' }));
  idNoAgent = await addServer(t, admin, serverForm(sshd.server, { name: 'none' }));
  const box = createSecretBox(Buffer.alloc(32, 7));
  for (const [id, key] of [
    [idA, KEY_A],
    [idB, KEY_B],
  ] as const) {
    await t.db
      .insertInto('server_metric_source')
      .values({ server_id: id, agent_state: 'installed', agent_key: box.seal(key), mode: 'push' })
      .execute();
  }
}, 60_000);
afterAll(() => t?.close());

const seconds = () => Math.floor(t.clock.now() / 1000);

/** POSTs `raw` to the report route, signed with `key` at `timestamp` (or with `sign`). */
async function report(
  raw: string,
  key: string,
  opts: { timestamp?: number; sign?: string; app?: TestApp } = {},
) {
  const timestamp = String(opts.timestamp ?? seconds());
  const sign = opts.sign ?? agentSign(Buffer.from(raw), timestamp, key);
  const res = await (opts.app ?? t).fastify.inject({
    method: 'POST',
    url: `/agent/report?timestamp=${timestamp}&sign=${encodeURIComponent(sign)}`,
    headers: { 'content-type': 'application/json' },
    payload: raw,
  });
  return res.json<Envelope<null>>();
}

let n = 0;
/** A batch report of server `serverId` with one CPU sample (a new time each call). */
const batch = (serverId: number, value: unknown = 12.5) =>
  JSON.stringify({
    serverId,
    time: t.clock.now() - 1000 * ++n,
    samples: [{ type: 1, item: 'cpu_usage', value }],
  });
const stored = async (serverId: number) =>
  (
    await t.db
      .selectFrom('server_metric')
      .select(['item', 'value'])
      .where('server_id', '=', serverId)
      .execute()
  ).length;

describe('the agent report route', { timeout: 60_000 }, () => {
  it("accepts a batch and goploy's agent's one-sample report signed with the server's key", async () => {
    const before = await stored(idA);
    expect(await report(batch(idA), KEY_A)).toEqual({ code: 0, message: '', data: null });
    // As Go's JSON encoder writes it: the value as text and a newline at the end.
    const goploy = `${JSON.stringify({ serverId: idA, type: 2, item: 'ram_usage', value: '40.25', reportTime: '2026-11-27 10:00' })}\n`;
    expect(await report(goploy, KEY_A)).toMatchObject({ code: 0 });
    expect(await stored(idA)).toBe(before + 2);
    const ram = await t.db
      .selectFrom('server_metric')
      .select(['value', 'time'])
      .where('server_id', '=', idA)
      .where('item', '=', 'ram_usage')
      .executeTakeFirstOrThrow();
    expect([Number(ram.value), Number(ram.time)]).toEqual([40.25, seconds() * 1000]);
  });

  it('refuses a bad, stale, future or replayed signature, the key of another server and servers without an agent, the same way', async () => {
    const before = [await stored(idA), await stored(idB), await stored(idNoAgent)];
    const refusals = [
      await report(batch(idA), KEY_A, { sign: agentSign(Buffer.from('{}'), '1', KEY_A) }),
      await report(batch(idA), KEY_A, { timestamp: seconds() - 31 }),
      await report(batch(idA), KEY_A, { timestamp: seconds() + 31 }),
      await report(batch(idA), 'not-the-key-of-any-server-0123456789abcdef'),
      // Server A's key cannot write server B's metrics.
      await report(batch(idB), KEY_A),
      await report(batch(idNoAgent), KEY_A),
      await report(batch(999_999), KEY_A),
      await report('not json', KEY_A),
      await report(batch(idA), KEY_A, { sign: '' }),
    ];
    for (const r of refusals) {
      expect(r).toEqual({
        code: 2,
        message: 'sign error',
        reason: 'agent_sign_refused',
        data: null,
      });
    }

    const raw = batch(idA);
    const timestamp = seconds();
    const sign = agentSign(Buffer.from(raw), String(timestamp), KEY_A);
    expect(await report(raw, KEY_A, { timestamp, sign })).toMatchObject({ code: 0 });
    expect(await report(raw, KEY_A, { timestamp, sign })).toMatchObject({ code: 2 });
    // Unpadded, the same signature is the same signature.
    expect(await report(raw, KEY_A, { timestamp, sign: sign.replace(/=$/, '') })).toMatchObject({
      code: 2,
    });
    // Another console on the same database refuses it too.
    const second = await buildTestApp({}, {}, t);
    try {
      expect(await report(raw, KEY_A, { timestamp, sign, app: second })).toMatchObject({ code: 2 });
    } finally {
      await second.close();
    }
    expect([await stored(idA), await stored(idB), await stored(idNoAgent)]).toEqual([
      before[0]! + 1,
      before[1],
      before[2],
    ]);
  });

  it('answers 10003 naming the field for a signed body with a bad sample, storing nothing', async () => {
    const before = await stored(idA);
    const cases: [string, RegExp][] = [
      [batch(idA, 'high'), /^samples\.0\.value /],
      [batch(idA, null), /^samples\.0\.value /],
      [JSON.stringify({ serverId: idA, time: t.clock.now(), samples: [] }), /^samples /],
      [
        JSON.stringify({
          serverId: idA,
          time: t.clock.now(),
          samples: [{ type: 9, item: 'x', value: 1 }],
        }),
        /^samples\.0\.type /,
      ],
      [
        JSON.stringify({
          serverId: idA,
          time: t.clock.now() + 3_600_000,
          samples: [{ type: 1, item: 'x', value: 1 }],
        }),
        /^time /,
      ],
      // Backdated into the server's past charts.
      [
        JSON.stringify({
          serverId: idA,
          time: (seconds() - 31) * 1000,
          samples: [{ type: 1, item: 'x', value: 1 }],
        }),
        /^time must be at most 30 s before the signed timestamp/,
      ],
      [
        JSON.stringify({
          serverId: idA,
          type: 1,
          item: 'cpu_usage',
          value: '1e',
          reportTime: '2026-11-27 10:00',
        }),
        /^value /,
      ],
      [JSON.stringify({ serverId: idA, type: 1, item: 'cpu_usage', value: '1' }), /^reportTime /],
    ];
    for (const [raw, message] of cases) {
      const r = await report(raw, KEY_A);
      expect(r.code, raw).toBe(10003);
      expect(r.message, raw).toMatch(message);
    }
    expect(await stored(idA)).toBe(before);
  });

  it('takes the key another console installed at once, though it read the old one moments before', async () => {
    const second = await buildTestApp({}, {}, t);
    try {
      const id = await addServer(t, admin, serverForm(sshd.server, { name: 'reinstalled' }));
      const box = createSecretBox(Buffer.alloc(32, 7));
      const sealKey = (key: string) =>
        t.db
          .insertInto('server_metric_source')
          .values({
            server_id: id,
            agent_state: 'installed',
            agent_key: box.seal(key),
            mode: 'push',
          })
          .onConflict((oc) => oc.column('server_id').doUpdateSet({ agent_key: box.seal(key) }))
          .execute();
      const OLD = 'old-key-of-the-reinstalled-server-0123456789';
      const NEW = 'new-key-of-the-reinstalled-server-0123456789';
      await sealKey(OLD);
      expect(await report(batch(id), OLD, { app: second })).toMatchObject({ code: 0 });
      // The first console installs the agent again: a new key, and the agent's first report at
      // once, which reaches the second console.
      await sealKey(NEW);
      t.clock.advance(1_000);
      expect(await report(batch(id), NEW, { app: second })).toMatchObject({ code: 0 });
      expect(await report(batch(id), OLD, { app: second })).toMatchObject({ code: 2 });
    } finally {
      await second.close();
    }
  });

  it("takes the signature from the query alone, never from the body's fields", async () => {
    const raw = batch(idA);
    const timestamp = String(seconds());
    const sign = agentSign(Buffer.from(raw), timestamp, KEY_A);
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/agent/report',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...JSON.parse(raw), timestamp, sign }),
    });
    expect(res.json()).toMatchObject({ code: 2, message: 'sign error' });
  });
});

describe('installing and removing agents', { timeout: 60_000 }, () => {
  const runCount = async () => (await t.db.selectFrom('remote_run').selectAll().execute()).length;
  const call = (who: Actor, route: string, body: Record<string, unknown>, ns = 1) =>
    t.call('POST', `/server/${route}`, { token: who.token, ns, body });

  it('refuses callers without InstallAgent and servers of another namespace, running nothing', async () => {
    const outsider = await memberOf(t, admin, {
      account: 'outsider',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerPage, Perm.ShowServerMonitorPage, Perm.ShowServerScriptPage],
    });
    const installer = await memberOf(t, admin, {
      account: 'installer',
      namespaceId: 1,
      permissionIds: [Perm.InstallAgent],
    });
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    const foreign = await addServer(t, admin, serverForm(sshd.server, { name: 'theirs' }), 2);
    const runs = await runCount();

    for (const route of ['installAgent', 'uninstallAgent']) {
      expect((await call(outsider, route, { ids: [idNoAgent] })).code, route).toBe(1);
      const across = await call(installer, route, { ids: [idNoAgent, foreign] });
      expect(across.code, route).toBe(1);
      expect(across.message).toMatch(/not found or not in this namespace/);
    }
    expect(await runCount()).toBe(runs);
    const row = await t.db
      .selectFrom('server_metric_source')
      .selectAll()
      .where('server_id', 'in', [idNoAgent, foreign])
      .execute();
    expect(row).toEqual([]);

    const removal = await call(installer, 'uninstallAgent', { ids: [idNoAgent] });
    expect(removal.code, removal.message).toBe(0);
    expect(await runCount()).toBe(runs + 1);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('server_metric_source')
              .select('agent_state')
              .where('server_id', '=', idNoAgent)
              .executeTakeFirst()
          )?.agent_state,
      )
      .toBe('none');
  });

  it("writes nothing when one server is disabled: the others' agents keep their keys", async () => {
    const off = await addServer(t, admin, serverForm(sshd.server, { name: 'off' }));
    const toggle = await t.call('PUT', '/server/toggle', {
      token: admin.token,
      ns: 1,
      body: { id: off, state: 0 },
    });
    expect(toggle.code, toggle.message).toBe(0);
    const runs = await runCount();
    const r = await call(admin, 'installAgent', {
      ids: [idA, off],
      reportURL: 'http://127.0.0.1:9',
    });
    expect(r.code).toBe(1);
    expect(await runCount()).toBe(runs);
    expect(await report(batch(idA), KEY_A)).toMatchObject({ code: 0 });
  });

  it('answers 10003 for a bad install form', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ids: [idA], installPath: '/srv/../etc' }, /^installPath /],
      [{ ids: [idA], installPath: 'relative/dir' }, /^installPath /],
      [{ ids: [idA], reportURL: "http://x/'$(id)'" }, /^reportURL /],
      [{ ids: [idA], interval: 5 }, /^interval /],
      [{ ids: [idA], tool: 'nc' }, /^tool /],
      [{ ids: [] }, /^ids /],
    ];
    for (const [body, message] of bad) {
      const r = await call(admin, 'installAgent', body);
      expect(r.code, JSON.stringify(body)).toBe(10003);
      expect(r.message).toMatch(message);
    }
  });
});
