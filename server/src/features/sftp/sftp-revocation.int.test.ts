import { Perm, SftpClose, WsClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { openSftp, type SftpClient } from '../../../test/sftp-client.js';
import { addServer } from '../../../test/xterm-client.js';

const sshd = useOneSshd();

/**
 * Bob and Carol are members of namespace 1 with a role that opens the file manager (35); Bob is
 * also in namespace 2. Bob browses servers A and B in namespace 1 and the shared server S in
 * namespace 2; Carol browses A. Every socket has answered a listing before the change.
 */
async function scene(t: TestApp, admin: Actor) {
  await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'two' } });
  const member = (account: string) =>
    memberOf(t, admin, { account, namespaceId: 1, permissionIds: [Perm.ShowSftpFilePage] });
  const bob = await member('bob');
  const carol = await member('carol');
  const bobRole = (
    await t.db
      .selectFrom('namespace_user')
      .select('role_id')
      .where('user_id', '=', bob.id)
      .executeTakeFirstOrThrow()
  ).role_id;
  await t.call('POST', '/namespace/addUser', {
    token: admin.token,
    ns: 1,
    body: { namespaceId: 2, userIds: [bob.id], roleId: bobRole },
  });
  const serverA = await addServer(t, admin.token, sshd.server, { name: 'a' });
  const serverB = await addServer(t, admin.token, sshd.server, { name: 'b' });
  const shared = await t.call<{ id: number }>('POST', '/server/add', {
    token: admin.token,
    ns: 1,
    body: {
      name: 's',
      namespaceId: 0,
      ip: sshd.server.host,
      port: sshd.server.port,
      owner: sshd.server.user,
      authType: 'password',
      password: sshd.server.password,
    },
  });
  const browse = async (who: Actor, ns: number, serverId: number) => {
    const sftp = await openSftp(t, { token: who.token, 'G-N-ID': ns, serverId });
    await sftp.list('/');
    return sftp;
  };
  const sockets = {
    bobA: await browse(bob, 1, serverA),
    bobB: await browse(bob, 1, serverB),
    bobShared2: await browse(bob, 2, shared.data.id),
    carolA: await browse(carol, 1, serverA),
  };
  await expect.poll(() => t.openSockets.size()).toBe(4);
  return { bob, carol, bobRole, serverA, serverB, sockets };
}

type Scene = Awaited<ReturnType<typeof scene>>;

const closedOnes = (s: Scene) =>
  Object.fromEntries(
    Object.entries(s.sockets)
      .filter(([, c]) => c.closeCode() !== undefined)
      .map(([name, c]) => [name, c.closeCode()]),
  );

/** Waits until exactly `expected` sockets closed with those codes; the others still answer. */
async function expectEnded(s: Scene, expected: Partial<Record<keyof Scene['sockets'], number>>) {
  await expect.poll(() => closedOnes(s)).toEqual(expected);
  await new Promise((r) => setTimeout(r, 100));
  expect(closedOnes(s)).toEqual(expected);
  const open = Object.values(s.sockets).filter((c: SftpClient) => c.closeCode() === undefined);
  for (const c of open) expect((await c.list('/')).at(-1)!.frame.code).toBe(0);
  for (const c of Object.values(s.sockets)) c.ws.terminate();
}

describe(
  'every ground for an sftp socket going away ends exactly its sockets',
  { timeout: 60_000 },
  () => {
    let t: TestApp;
    let admin: Actor;
    useAdminApp((app, a) => {
      t = app;
      admin = a;
    });

    it("logout ends the session's sockets", async () => {
      const s = await scene(t, admin);
      await t.call('POST', '/user/logout', { token: s.bob.token, ns: 1 });
      await expectEnded(s, {
        bobA: WsClose.notLoggedIn,
        bobB: WsClose.notLoggedIn,
        bobShared2: WsClose.notLoggedIn,
      });
    });

    it("removing (goploy: disabling) a user ends all of the user's sockets", async () => {
      const s = await scene(t, admin);
      await t.call('DELETE', '/user/remove', { token: admin.token, ns: 1, body: { id: s.bob.id } });
      await expectEnded(s, {
        bobA: WsClose.sessionExpired,
        bobB: WsClose.sessionExpired,
        bobShared2: WsClose.sessionExpired,
      });
    });

    it("an admin's password reset ends the user's sockets", async () => {
      const s = await scene(t, admin);
      const r = await t.call('PUT', '/user/edit', {
        token: admin.token,
        ns: 1,
        body: { id: s.carol.id, account: 'carol', name: 'carol', password: 'Reset1234!' },
      });
      expect(r.code).toBe(0);
      await expectEnded(s, { carolA: WsClose.sessionExpired });
    });

    it("removal from a namespace ends the user's sockets in that namespace only", async () => {
      const s = await scene(t, admin);
      const row = await t.db
        .selectFrom('namespace_user')
        .select('id')
        .where('user_id', '=', s.bob.id)
        .where('namespace_id', '=', 1)
        .executeTakeFirstOrThrow();
      const r = await t.call('DELETE', '/namespace/removeUser', {
        token: admin.token,
        ns: 1,
        body: { namespaceUserId: row.id },
      });
      expect(r.code).toBe(0);
      await expectEnded(s, { bobA: WsClose.namespaceInvalid, bobB: WsClose.namespaceInvalid });
    });

    it('a role losing permission 35 ends the sockets of its holders', async () => {
      const s = await scene(t, admin);
      await t.call('PUT', '/role/changePermission', {
        token: admin.token,
        ns: 1,
        body: { roleId: s.bobRole, permissionIds: [Perm.SFTPPreviewFile] },
      });
      await expectEnded(s, {
        bobA: WsClose.denied,
        bobB: WsClose.denied,
        bobShared2: WsClose.denied,
      });
    });

    it("disabling a server ends that server's sockets only", async () => {
      const s = await scene(t, admin);
      await t.call('PUT', '/server/toggle', {
        token: admin.token,
        ns: 1,
        body: { id: s.serverA, state: 0 },
      });
      await expectEnded(s, { bobA: SftpClose.serverDisabled, carolA: SftpClose.serverDisabled });
    });

    it("editing a server's connection ends that server's sockets only", async () => {
      const s = await scene(t, admin);
      const r = await t.call('PUT', '/server/edit', {
        token: admin.token,
        ns: 1,
        body: {
          id: s.serverB,
          name: 'b',
          ip: '127.0.0.2',
          port: sshd.server.port,
          owner: sshd.server.user,
          authType: 'password',
          password: sshd.server.password,
        },
      });
      expect(r.code).toBe(0);
      await expectEnded(s, { bobB: SftpClose.serverDisabled });
    });

    it('sharing a server with every namespace (moving it out of its own) ends its sockets', async () => {
      const s = await scene(t, admin);
      const r = await t.call('PUT', '/server/edit', {
        token: admin.token,
        ns: 1,
        body: {
          id: s.serverA,
          name: 'a',
          namespaceId: 0,
          ip: sshd.server.host,
          port: sshd.server.port,
          owner: sshd.server.user,
          authType: 'password',
          password: '',
        },
      });
      expect(r.code).toBe(0);
      await expectEnded(s, { bobA: SftpClose.serverDisabled, carolA: SftpClose.serverDisabled });
    });
  },
);
