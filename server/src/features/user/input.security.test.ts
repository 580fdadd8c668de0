import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';

const count = async (t: TestApp, table: 'user' | 'namespace' | 'role') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('hostile input', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminOf(t);
  });
  afterAll(() => t.close());

  it('stores SQL-looking text as plain text and finds nothing by it', async () => {
    const name = "x'); DROP TABLE user;--";
    const add = await t.call<{ id: number }>('POST', '/role/add', {
      token: admin.token,
      ns: 1,
      body: { name: name.slice(0, 20) },
    });
    expect(add.code).toBe(0);
    const role = await t.db
      .selectFrom('role')
      .select('name')
      .where('id', '=', add.data.id)
      .executeTakeFirstOrThrow();
    expect(role.name).toBe(name.slice(0, 20));
    const logs = await t.call<{ list: unknown[] }>('GET', '/log/getLoginLogList', {
      token: admin.token,
      ns: 1,
      query: { account: "' OR '1'='1", page: 1, rows: 10 },
    });
    expect(logs.data.list).toEqual([]);
    expect(await count(t, 'user')).toBe(1);
  });

  it.each([
    [
      'an over-long account',
      '/user/add',
      { account: 'a'.repeat(26), password: 'Good1234!', name: 'n' },
      'account must be at most 25 characters',
    ],
    [
      'an over-long name',
      '/user/add',
      { account: 'ok', password: 'Good1234!', name: 'n'.repeat(31) },
      'name must be at most 30 characters',
    ],
    [
      'a wrong type',
      '/user/add',
      { account: 'ok', password: 'Good1234!', name: 'n', superManager: 'yes' },
      'superManager must be a number',
    ],
    [
      'a flag out of range',
      '/user/add',
      { account: 'ok', password: 'Good1234!', name: 'n', superManager: 2 },
      'superManager must be 0 or 1',
    ],
    [
      'a namespace name too long',
      '/namespace/add',
      { name: 'n'.repeat(21) },
      'name must be at most 20 characters',
    ],
    ['an empty role name', '/role/add', { name: '   ' }, 'name must not be empty'],
    [
      'ids that are not ids',
      '/namespace/addUser',
      { namespaceId: 1, userIds: ['1; drop'], roleId: 1 },
      'userIds.0 must be a number',
    ],
  ])(
    'refuses %s with 10003 naming the field, writing nothing',
    async (_what, path, body, message) => {
      const before = [await count(t, 'user'), await count(t, 'namespace'), await count(t, 'role')];
      const r = await t.call('POST', path, { token: admin.token, ns: 1, body });
      expect(r.code).toBe(10003);
      expect(r.message).toBe(message);
      expect([await count(t, 'user'), await count(t, 'namespace'), await count(t, 'role')]).toEqual(
        before,
      );
    },
  );

  it('refuses a body over 1 MiB with 10003', async () => {
    const r = await t.call('POST', '/role/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'big', description: 'x'.repeat(1_100_000) },
    });
    expect(r.code).toBe(10003);
  });

  it('answers 10003, not a crash, for an over-long login account', async () => {
    const r = await t.call('POST', '/user/login', {
      body: { account: 'a'.repeat(5000), password: 'x' },
    });
    expect(r).toMatchObject({ code: 10003, message: 'account must be at most 25 characters' });
  });
});
