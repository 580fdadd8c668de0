import { Perm, type SftpLogType } from '@ferry/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { closedPort, warmTestDb } from '../../../test/server-fixtures.js';

beforeAll(warmTestDb, 60_000);

interface Row {
  id: number;
  namespaceID: number;
  username: string;
  serverName: string;
  type: string;
  path: string;
  state: number;
}

describe('the SFTP log routes', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  /** An unreachable server (added all the same) named `name` in namespace `ns`. */
  const server = async (name: string, ns: number) => {
    const port = await closedPort();
    const r = await t.call<{ id: number }>('POST', '/server/add', {
      token: admin.token,
      ns,
      body: { name, ip: '127.0.0.1', port, owner: 'x', authType: 'password', password: 'x' },
    });
    return r.data.id;
  };
  const logRow = (ns: number, userId: number, serverId: number, type: SftpLogType, reason = '') =>
    t.db
      .insertInto('sftp_log')
      .values({
        namespace_id: ns,
        user_id: userId,
        server_id: serverId,
        remote_addr: '10.0.0.9',
        user_agent: 'probe',
        type,
        path: `/srv/${type.toLowerCase()}`,
        state: reason ? 0 : 1,
        reason,
        detail: type === 'RENAME' ? '/srv/renamed' : '',
        insert_time: Date.UTC(2026, 0, 2, 3, 4, 5),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);

  /** Namespaces 1 and 2, Bob in 1 with the SFTP log page (4), rows of both. */
  const scene = async () => {
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'two' } });
    const bob = await memberOf(t, admin, {
      account: 'bob',
      namespaceId: 1,
      permissionIds: [Perm.ShowSFTPLogPage],
    });
    const web = await server('web', 1);
    const db = await server('db', 1);
    const theirs = await server('theirs', 2);
    const ids = {
      bobRead: await logRow(1, bob.id, web, 'READ'),
      adminEdit: await logRow(1, admin.id, db, 'EDIT', 'Cannot save /srv/edit: permission denied'),
      bobRename: await logRow(1, bob.id, db, 'RENAME'),
      foreign: await logRow(2, admin.id, theirs, 'DELETE'),
    };
    return { bob, ids };
  };
  const list = (token: string, query: Record<string, string | number> = {}) =>
    t.call<{ list: Row[] }>('GET', '/log/getSftpLogList', {
      token,
      ns: 1,
      query: { page: 1, rows: 20, ...query },
    });
  const total = (token: string, query: Record<string, string | number> = {}) =>
    t.call<{ total: number }>('GET', '/log/getSftpLogTotal', { token, ns: 1, query });

  it("lists goploy's fields plus state and detail, newest first", async () => {
    const { ids } = await scene();
    const r = await list(admin.token, { type: 'RENAME' });
    expect(r.data.list).toEqual([
      {
        id: ids.bobRename,
        namespaceID: 1,
        userID: expect.any(Number),
        username: 'bob',
        serverID: expect.any(Number),
        serverName: 'db',
        remoteAddr: '10.0.0.9',
        userAgent: 'probe',
        type: 'RENAME',
        path: '/srv/rename',
        reason: '',
        state: 1,
        detail: '/srv/renamed',
        insertTime: expect.stringMatching(/^2026-01-0[12] \d\d:04:05$/),
      },
    ]);
    const all = await list(admin.token);
    expect(all.data.list.map((row) => row.id)).toEqual([
      ids.foreign,
      ids.bobRename,
      ids.adminEdit,
      ids.bobRead,
    ]);
    const failed = all.data.list.find((row) => row.id === ids.adminEdit);
    expect(failed).toMatchObject({ state: 0, reason: 'Cannot save /srv/edit: permission denied' });
  });

  it('filters by user, server and type, and pages', async () => {
    const { ids } = await scene();
    const idsOf = async (query: Record<string, string | number>) =>
      (await list(admin.token, query)).data.list.map((row) => row.id);
    expect(await idsOf({ username: 'bob' })).toEqual([ids.bobRename, ids.bobRead]);
    expect(await idsOf({ serverName: 'db' })).toEqual([ids.bobRename, ids.adminEdit]);
    expect(await idsOf({ username: 'bob', serverName: 'db' })).toEqual([ids.bobRename]);
    expect(await idsOf({ type: 'EDIT' })).toEqual([ids.adminEdit]);
    expect(await idsOf({ username: 'nobody' })).toEqual([]);
    expect(await idsOf({ rows: 1, page: 2 })).toEqual([ids.bobRename]);
    expect((await total(admin.token, { username: 'bob' })).data).toEqual({ total: 2 });
    const bad = await list(admin.token, { type: 'CHMOD' });
    expect(bad).toMatchObject({
      code: 10003,
      message: expect.stringMatching(/^type must be one of/),
    });
  });

  it("shows a member only the namespace's rows; a super manager sees every namespace", async () => {
    const { bob, ids } = await scene();
    const mine = await list(bob.token);
    expect(mine.data.list.map((row) => row.id)).toEqual([
      ids.bobRename,
      ids.adminEdit,
      ids.bobRead,
    ]);
    expect(mine.data.list.every((row) => row.namespaceID === 1)).toBe(true);
    expect((await total(bob.token)).data).toEqual({ total: 3 });
    expect((await total(bob.token, { serverName: 'theirs' })).data).toEqual({ total: 0 });
    expect((await total(admin.token)).data).toEqual({ total: 4 });
    expect((await total(admin.token, { serverName: 'theirs' })).data).toEqual({ total: 1 });
  });
});
