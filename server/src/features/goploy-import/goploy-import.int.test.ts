import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  createGoployDatabase,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';
import { counted, rowCounts, runImport, testBox } from '../../../test/goploy-import-run.js';
import { isSealed } from '../../core/crypto.js';

const box = testBox;
const FERRY_TABLES = [
  'namespace',
  'role',
  'role_permission',
  'user',
  'namespace_user',
  'server',
  'project',
  'project_server',
  'project_user',
  'goploy_import',
] as const;

let maria: TestMariadb;
beforeAll(async () => {
  maria = await sharedMariadb();
}, 120_000);

const ferryCounts = (t: TestApp) => rowCounts(t, FERRY_TABLES);

describe('importing a goploy database', () => {
  let t: TestApp;
  let fx: GoployFixture;
  let goployUrl: string;

  beforeAll(async () => {
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_main'));
    fx = await seedGoploy(goployUrl);
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reports on a dry run what it would carry, and writes nothing', async () => {
    const before = await ferryCounts(t);
    const r = await runImport(t, goployUrl, { dryRun: true });
    expect(r).toMatchObject({
      dryRun: true,
      written: false,
      refusals: [],
      goployVersion: fx.version,
    });
    expect(counted(r, 'user')).toMatchObject({ read: 4, imported: 3, merged: 1 });
    expect(counted(r, 'server')).toMatchObject({ read: 4, imported: 4, refused: 0 });
    expect(counted(r, 'project')).toMatchObject({ read: 8, imported: 8 });
    expect(r.notCarried.map((n) => n.table)).toEqual(
      expect.arrayContaining(['cron_log', 'login_log', 'operation_log']),
    );
    expect(await ferryCounts(t)).toEqual(before);
  });

  it('carries namespaces, roles, members, servers and projects, keeping goploy ids where free', async () => {
    const r = await runImport(t, goployUrl);
    expect(r.refusals).toEqual([]);
    expect(r.written).toBe(true);
    for (const table of ['namespace_user', 'project_server', 'project_user']) {
      expect(counted(r, table)?.read, table).toBe(
        fx.counts[table as keyof GoployFixture['counts']],
      );
    }
    const projects = await t.db.selectFrom('project').select(['id', 'name', 'state']).execute();
    for (const p of Object.values(fx.projects)) {
      expect(projects.find((q) => q.id === p.id)).toMatchObject({ name: p.name, state: p.state });
    }
    const servers = await t.db.selectFrom('server').selectAll().orderBy('id').execute();
    for (const s of Object.values(fx.servers)) {
      const row = servers.find((x) => x.id === s.id)!;
      expect(row).toMatchObject({ name: s.name, ip: s.ip, port: s.port, owner: s.owner });
      if (s.password) {
        expect(isSealed(row.password)).toBe(true);
        expect(box.open(row.password)).toBe(s.password);
      }
    }
    const jump = servers.find((x) => x.id === fx.servers.jump.id)!;
    expect(box.open(jump.jump_password)).toBe(fx.servers.jump.jumpPassword);
    const keyFile = servers.find((x) => x.id === fx.servers.keyFile.id)!;
    expect(keyFile).toMatchObject({ auth_type: 'keyFile', path: fx.servers.keyFile.keyPath });
    expect(r.notes).toContainEqual(
      expect.objectContaining({ table: 'server', id: fx.servers.keyFile.id }),
    );
    // The console's own inserts go on after goploy's ids (PostgreSQL's sequences moved on).
    const admin = await t.login('admin', fx.users.admin.password);
    for (const [route, body] of [
      ['/user/add', { account: 'newcomer', password: 'Newcomer#1pw', name: 'New' }],
      ['/role/add', { name: 'auditor', description: '' }],
      ['/namespace/add', { name: 'qa' }],
    ] as const) {
      const added = await t.call('POST', route, { token: admin, ns: 1, body });
      expect(added.code, `${route} ${added.message}`).toBe(0);
    }
    // The namespace goploy calls 1 keeps its id only where Ferry's `default` is not 1.
    const namespaces = await t.db.selectFrom('namespace').select(['id', 'name']).execute();
    expect(namespaces.map((n) => n.name)).toEqual(
      expect.arrayContaining(['default', 'goploy', 'staging']),
    );
  });

  it('names every secret by its field and never shows one', async () => {
    const r = await runImport(t, goployUrl, { dryRun: true });
    const first = JSON.stringify(r);
    const secrets = [
      ...Object.values(fx.users).flatMap((u) => [u.password, u.apiKey]),
      ...Object.values(fx.servers).map((s) => s.password),
      fx.servers.jump.jumpPassword,
      ...Object.values(fx.projects).map((p) => p.notifyTarget),
    ].filter((s) => s.length > 3);
    for (const s of secrets) expect(first).not.toContain(s);
    const rows = JSON.stringify(await t.db.selectFrom('server').selectAll().execute());
    for (const s of secrets.filter((x) =>
      Object.values(fx.servers).some((v) => v.password === x),
    )) {
      expect(rows).not.toContain(s);
    }
  });

  it('lets a goploy member sign in with their password, in their namespaces, with their role', async () => {
    const alice = await t.login('alice', fx.users.alice.password);
    const options = await t.call<{ list: { namespaceId: number; namespaceName: string }[] }>(
      'GET',
      '/namespace/getOption',
      { token: alice },
    );
    expect(options.data.list.map((n) => n.namespaceName).sort()).toEqual(['goploy', 'staging']);
    const goploy = options.data.list.find((n) => n.namespaceName === 'goploy')!.namespaceId;
    expect((await t.call('GET', '/server/getList', { token: alice, ns: goploy })).code).toBe(0);
    expect((await t.call('GET', '/role/getList', { token: alice, ns: goploy })).code).toBe(1);
    // Re-hashed with the console's scheme at that sign-in.
    const row = await t.db
      .selectFrom('user')
      .select('password')
      .where('account', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);

    const bob = await t.call('POST', '/user/login', {
      body: { account: 'bob', password: fx.users.bob.password },
    });
    expect(bob.code).toBe(10004);
    const carol = await t.call('POST', '/user/login', {
      body: { account: 'carol', password: fx.users.carol.password },
    });
    expect(carol.code).not.toBe(0);
    // Ferry's first admin had never signed in: it took goploy's password.
    await t.login('admin', fx.users.admin.password);
  });

  it("keeps an imported API key to its user's permissions", async () => {
    const key = fx.users.alice.apiKey;
    const goploy = (
      await t.db
        .selectFrom('namespace')
        .select('id')
        .where('name', '=', 'goploy')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await t.call('GET', '/server/getList', { apiKey: key, ns: goploy })).code).toBe(0);
    expect((await t.call('GET', '/role/getList', { apiKey: key, ns: goploy })).code).toBe(1);
    expect(
      (await t.call('GET', '/server/getList', { apiKey: 'x'.repeat(32), ns: goploy })).code,
    ).not.toBe(0);
  });

  it('duplicates nothing when run again', async () => {
    const before = await ferryCounts(t);
    const r = await runImport(t, goployUrl);
    expect(r.refusals).toEqual([]);
    for (const c of r.tables) {
      expect(c.imported + c.merged, c.table).toBe(0);
    }
    expect(counted(r, 'project')).toMatchObject({ skipped: 8 });
    expect(await ferryCounts(t)).toEqual(before);
  });

  it('reports a row changed in goploy since, and leaves it as imported', async () => {
    const conn = await mysql.createConnection({ uri: goployUrl });
    await conn.query('update project set name = ? where id = ?', [
      'web-renamed',
      fx.projects.web.id,
    ]);
    await conn.end();
    const r = await runImport(t, goployUrl);
    expect(counted(r, 'project')).toMatchObject({ changed: 1, skipped: 7 });
    expect(r.notes).toContainEqual(
      expect.objectContaining({
        table: 'project',
        id: fx.projects.web.id,
        message: expect.stringMatching(/changed in goploy/),
      }),
    );
    const row = await t.db
      .selectFrom('project')
      .select('name')
      .where('id', '=', fx.projects.web.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(fx.projects.web.name);
  });

  it('writes nothing when a row is refused, and names each one', async () => {
    const conn = await mysql.createConnection({ uri: goployUrl });
    await conn.query(
      "insert into server (id, namespace_id, name, ip, port, owner, password) values (90, 1, 'ok', '10.0.0.9', 22, 'deploy', 'pw'), (91, 1, 'bad', 'no such;host', 22, 'deploy', 'pw')",
    );
    await conn.query(
      "insert into project (id, namespace_id, name, repo_type, url, path, environment, branch, script) values (92, 1, 'nowhere', 'git', 'https://git.example.com/a.git', '', 1, 'main', '{}')",
    );
    await conn.end();
    const before = await ferryCounts(t);
    const r = await runImport(t, goployUrl);
    expect(r.written).toBe(false);
    expect(r.refusals).toEqual([
      { table: 'server', id: 91, message: expect.stringMatching(/^ip /) },
      { table: 'project', id: 92, message: expect.stringMatching(/^path /) },
    ]);
    expect(counted(r, 'server')).toMatchObject({ imported: 1, refused: 1 });
    expect(await ferryCounts(t)).toEqual(before);
    expect(
      await t.db.selectFrom('server').select('id').where('name', '=', 'ok').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('importing into a console in use', () => {
  let t: TestApp;
  let fx: GoployFixture;
  let goployUrl: string;

  beforeAll(async () => {
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_collide'));
    fx = await seedGoploy(goployUrl);
    t = await buildTestApp();
    const admin = await t.login('admin', 'Admin123!');
    // The console already has a `staging` namespace, a `deployer` role of its own and an
    // `alice` who signs in with her Ferry password.
    await t.call('POST', '/namespace/add', { token: admin, ns: 1, body: { name: 'staging' } });
    await t.call('POST', '/role/add', {
      token: admin,
      ns: 1,
      body: { name: 'deployer', description: '' },
    });
    await t.call('POST', '/user/add', {
      token: admin,
      ns: 1,
      body: { account: 'alice', password: 'Ferry#2026pw', name: 'Alice' },
    });
    await t.db
      .updateTable('user')
      .set({ last_login_time: t.clock.now() })
      .where('account', '=', 'alice')
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('decides each collision and says so', async () => {
    const r = await runImport(t, goployUrl);
    expect(r.refusals).toEqual([]);
    const staging = await t.db
      .selectFrom('namespace')
      .select('id')
      .where('name', '=', 'staging')
      .execute();
    expect(staging).toHaveLength(1);
    expect(r.notes).toContainEqual(
      expect.objectContaining({
        table: 'namespace',
        id: fx.namespaces.staging,
        message: expect.stringMatching(/joins Ferry's namespace/),
      }),
    );
    const roles = (await t.db.selectFrom('role').select('name').execute()).map((x) => x.name);
    expect(roles).toEqual(
      expect.arrayContaining(['manager', 'member', 'deployer', 'deployer-goploy']),
    );
    expect(counted(r, 'role')).toMatchObject({ merged: 2, imported: 1 });
    // Alice and admin have signed in to Ferry: each keeps their Ferry password.
    const login = (password: string) =>
      t.call('POST', '/user/login', { body: { account: 'alice', password } });
    // Her Ferry password is right (a new member must change it first): goploy's is not.
    expect((await login('Ferry#2026pw')).code).toBe(10004);
    expect((await login(fx.users.alice.password)).code).toBe(1);
    await t.login('admin', 'Admin123!');
  });
});
