import { Perm } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf } from '../../../test/factories.js';

/**
 * An API key carries its owner's permissions, no more: a member's key is refused (code 1) every
 * route the member's role lacks, whether the key comes as a header or in the query.
 */
describe("a member's API key", () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await adminOf(t);
    const member = await memberOf(t, admin, {
      account: 'keyholder',
      namespaceId: 1,
      permissionIds: [Perm.ShowMemberPage, Perm.ShowServerPage],
    });
    key = (await t.call<string>('PUT', '/user/generateApiKey', { token: member.token, ns: 1 }))
      .data;
  });
  afterAll(() => t.close());

  const withKey = (
    how: 'header' | 'query',
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) =>
    t.call(method, path, {
      ...(how === 'header' ? { apiKey: key, ns: 1 } : { query: { 'X-API-KEY': key, 'G-N-ID': 1 } }),
      ...(body === undefined ? {} : { body }),
    });

  for (const how of ['header', 'query'] as const) {
    it(`opens the routes of the role and no other (key in the ${how})`, async () => {
      expect((await withKey(how, 'GET', '/user/getList')).code).toBe(0);
      expect((await withKey(how, 'GET', '/server/getList')).code).toBe(0);
      const refused: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
        ['GET', '/role/getList'],
        ['GET', '/log/getOperationLogList', undefined],
        ['POST', '/user/add', { account: 'sneak', password: 'Sneak123!', name: 's' }],
        ['PUT', '/role/changePermission', { roleId: 1, permissionIds: [] }],
        ['POST', '/namespace/add', { name: 'mine' }],
        ['POST', '/server/add', { name: 'x', ip: '127.0.0.1', port: 22, owner: 'root' }],
      ];
      for (const [method, path, body] of refused) {
        const r = await withKey(how, method, path, body);
        expect(r.code, `${method} ${path}`).toBe(1);
      }
      expect(
        await t.db.selectFrom('user').select('id').where('account', '=', 'sneak').execute(),
      ).toEqual([]);
      expect(
        await t.db.selectFrom('namespace').select('id').where('name', '=', 'mine').execute(),
      ).toEqual([]);
    });
  }
});
