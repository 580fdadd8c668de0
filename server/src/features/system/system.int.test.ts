import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';

let t: TestApp;
let other: TestApp;
let admin: Actor;
let member: Actor;

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestApp({}, {}, t); // a second console on the same database
  admin = await adminOf(t);
  member = await memberOf(t, admin, { account: 'nodes-member', namespaceId: 1, roleId: 1 });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

interface Node {
  id: string;
  pid: number;
  up: boolean;
  self: boolean;
  draining: boolean;
  sharedFiles: boolean;
  version: string;
  running: Array<{ kind: string; token: string }>;
}

describe('the consoles on one database', () => {
  it('lists every console with its heartbeat and its running jobs to a super manager', async () => {
    const r = await t.call<{ list: Node[] }>('GET', '/system/getConsoleList', {
      token: admin.token,
      ns: 1,
    });
    expect(r.code).toBe(0);
    expect(r.data.list).toHaveLength(2);
    expect(r.data.list.filter((n) => n.self)).toHaveLength(1);
    expect(r.data.list.every((n) => n.up && !n.draining && n.pid === process.pid)).toBe(true);
    expect(r.data.list[0]!.version).toMatch(/^\d+\.\d+\.\d+/);

    // A job this console runs shows under it.
    const [self] = r.data.list.filter((n) => n.self);
    await t.db
      .insertInto('job')
      .values({
        kind: 'deploy',
        group_key: 'project:999',
        namespace_id: 1,
        token: 'tok-running',
        payload: '{}',
        status: 'running',
        error: '',
        insert_time: t.clock.now(),
        start_time: t.clock.now(),
        lease_owner: self!.id,
        lease_until: t.clock.now() + 60_000,
      })
      .execute();
    const again = await other.call<{ list: Node[] }>('GET', '/system/getConsoleList', {
      token: admin.token,
      ns: 1,
    });
    const seen = again.data.list.find((n) => n.id === self!.id)!;
    expect(seen.self).toBe(false);
    expect(seen.running).toEqual([
      expect.objectContaining({ kind: 'deploy', token: 'tok-running' }),
    ]);
    await t.db.deleteFrom('job').where('token', '=', 'tok-running').execute();
  });

  it('says which consoles share the directory of deploy logs and recordings with this one', async () => {
    const list = async (app: TestApp) =>
      (
        await app.call<{ list: Node[] }>('GET', '/system/getConsoleList', {
          token: admin.token,
          ns: 1,
        })
      ).data.list;
    // `other` keeps them in its own data dir: neither reads what the other wrote.
    for (const app of [t, other]) {
      expect((await list(app)).map((n) => [n.self, n.sharedFiles])).toEqual(
        expect.arrayContaining([
          [true, true],
          [false, false],
        ]),
      );
    }
    // A third console given this one's directory as FERRY_SHARED_DIR shares it.
    const third = await buildTestApp({ FERRY_SHARED_DIR: t.config.sharedDir }, {}, t);
    try {
      const thirdId = (await list(third)).find((n) => n.self)!.id;
      expect((await list(t)).find((n) => n.id === thirdId)?.sharedFiles).toBe(true);
      expect((await list(other)).find((n) => n.id === thirdId)?.sharedFiles).toBe(false);
    } finally {
      await third.close();
    }
    // Stopped cleanly, it takes its mark away with its row.
    expect(fs.readdirSync(path.join(t.config.sharedDir, 'consoles'))).toHaveLength(1);
  });

  it('refuses the list to anyone but a super manager', async () => {
    const r = await t.call('GET', '/system/getConsoleList', { token: member.token, ns: 1 });
    expect(r.code).toBe(1);
    expect((await t.call('GET', '/system/getConsoleList', { ns: 1 })).code).not.toBe(0);
  });

  it('shows a console not heard from for 30 s as down', async () => {
    t.clock.advance(31_000);
    const r = await t.call<{ list: Node[] }>('GET', '/system/getConsoleList', {
      token: admin.token,
      ns: 1,
    });
    expect(r.data.list.map((n) => n.up)).toEqual([false, false]);
  });
});

describe('health for a load balancer', () => {
  it('answers /healthz and /readyz without a session', async () => {
    const health = await t.call<{ status: string }>('GET', '/healthz');
    expect(health.res.statusCode).toBe(200);
    expect(health.data).toEqual({ status: 'ok' });
    const ready = await t.call('GET', '/readyz');
    expect(ready.res.statusCode).toBe(200);
    expect(ready.data).toEqual({
      ready: true,
      database: 'ok',
      schema: 'current',
      draining: false,
    });
  });

  it('answers 503 on /readyz once the console drains, and the list says so', async () => {
    await other.system.drain();
    const ready = await other.call('GET', '/readyz');
    expect(ready.res.statusCode).toBe(503);
    expect(ready.data).toMatchObject({ ready: false, draining: true });
    expect(ready.message).toContain('draining');
    const r = await t.call<{ list: Node[] }>('GET', '/system/getConsoleList', {
      token: admin.token,
      ns: 1,
    });
    expect(r.data.list.find((n) => !n.self)?.draining).toBe(true);
    expect((await t.call('GET', '/readyz')).res.statusCode).toBe(200);
  });

  it("answers 503 on /readyz when the schema is not the code's", async () => {
    await sql`insert into kysely_migration (name, timestamp)
      values ('9999-from-a-newer-version', ${new Date().toISOString()})`.execute(t.db);
    const ready = await t.call('GET', '/readyz');
    expect(ready.res.statusCode).toBe(503);
    expect(ready.data).toMatchObject({ ready: false, schema: 'ahead', database: 'ok' });
    await sql`delete from kysely_migration where name = '9999-from-a-newer-version'`.execute(t.db);
  });
});
