import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';

describe('audit logs', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  it('pages and filters the login log, with a total', async () => {
    await t.call('POST', '/user/login', {
      body: { account: 'admin', password: 'wrong' },
      headers: { 'user-agent': 'probe/1', referer: 'https://portal.example/' },
    });
    const list = await t.call<{ list: Record<string, unknown>[] }>('GET', '/log/getLoginLogList', {
      token: admin.token,
      ns: 1,
      query: { account: 'admin', page: 1, rows: 1 },
    });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      account: 'admin',
      userAgent: 'probe/1',
      referer: 'https://portal.example/',
      reason: 'Invalid account or password',
    });
    const total = await t.call('GET', '/log/getLoginLogTotal', {
      token: admin.token,
      ns: 1,
      query: { account: 'admin' },
    });
    expect(total.data).toEqual({ total: 2 });
    const none = await t.call('GET', '/log/getLoginLogTotal', {
      token: admin.token,
      ns: 1,
      query: { account: 'ghost' },
    });
    expect(none.data).toEqual({ total: 0 });
  });

  it('records every write with the router header and secrets redacted', async () => {
    await t.call('POST', '/user/add', {
      token: admin.token,
      ns: 1,
      headers: { router: '/member/index' },
      body: { account: 'zed', password: 'Zed12345!', name: 'Zed' },
    });
    await t.call('PUT', '/user/generateApiKey', { token: admin.token, ns: 1 });
    const list = await t.call<{ list: Record<string, string>[] }>(
      'GET',
      '/log/getOperationLogList',
      {
        token: admin.token,
        ns: 1,
        query: { page: 1, rows: 10 },
      },
    );
    const [key, add] = list.data.list;
    expect(add).toMatchObject({
      api: '/user/add',
      router: '/member/index',
      username: 'admin',
      namespaceID: 1,
      userID: 1,
    });
    expect(add!.requestData).toContain('"password":"***"');
    expect(add!.requestData).not.toContain('Zed12345!');
    expect(key!.api).toBe('/user/generateApiKey');
    const stored = await t.db
      .selectFrom('operation_log')
      .select('response_data')
      .where('api', '=', '/user/generateApiKey')
      .executeTakeFirstOrThrow();
    const apiKey = (await t.call('GET', '/user/getApiKey', { token: admin.token, ns: 1 }))
      .data as string;
    expect(stored.response_data).not.toContain(apiKey);
    const filtered = await t.call('GET', '/log/getOperationLogTotal', {
      token: admin.token,
      ns: 1,
      query: { api: '/user/add', username: 'admin' },
    });
    expect(filtered.data).toEqual({ total: 1 });
  });

  it('keeps both passwords of /user/changePassword out of the operation log', async () => {
    const change = await t.call('PUT', '/user/changePassword', {
      token: admin.token,
      ns: 1,
      body: { oldPwd: 'Admin123!', newPwd: 'Brand9new!' },
    });
    expect(change.code).toBe(0);
    const row = await t.db
      .selectFrom('operation_log')
      .select(['request_data', 'response_data'])
      .where('api', '=', '/user/changePassword')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.request_data)).toMatchObject({ oldPwd: '***', newPwd: '***' });
    expect(row.request_data + row.response_data).not.toMatch(/Admin123!|Brand9new!/);
  });

  it('shows a namespace manager only the operations of their namespace', async () => {
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    await t.call('POST', '/role/add', {
      token: admin.token,
      ns: 2,
      body: { name: 'written-in-2' },
    });
    const auditor = await memberOf(t, admin, {
      account: 'aud',
      namespaceId: 1,
      permissionIds: [74],
    });
    const list = await t.call<{ list: { namespaceID: number }[] }>(
      'GET',
      '/log/getOperationLogList',
      {
        token: auditor.token,
        ns: 1,
        query: { page: 1, rows: 100 },
      },
    );
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((r) => r.namespaceID === 1)).toBe(true);
  });

  it('requires page sizes within bounds', async () => {
    const r = await t.call('GET', '/log/getLoginLogList', {
      token: admin.token,
      ns: 1,
      query: { page: 0, rows: 10 },
    });
    expect(r).toMatchObject({ code: 10003, message: 'page must be at least 1' });
  });
});
