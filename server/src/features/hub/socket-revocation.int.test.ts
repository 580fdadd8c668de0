import { Perm, TerminalClose, WsClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer, openXterm, type XtermClient } from '../../../test/xterm-client.js';

const sshd = useOneSshd();

/** An open socket and the close code it ends with (undefined while open). */
interface Watched {
  name: string;
  code: () => number | undefined;
  stop(): void;
}

function watchHub(name: string, ws: WebSocket): Watched {
  let code: number | undefined;
  ws.on('close', (c: number) => (code = c));
  return { name, code: () => code, stop: () => ws.terminate() };
}

function watchTerm(name: string, term: XtermClient): Watched {
  let code: number | undefined;
  void term.closed.then((c) => (code = c.code));
  return { name, code: () => code, stop: () => term.ws.terminate() };
}

/**
 * Bob and Carol are members of namespace 1 with a role that opens terminals (34); Bob is also in
 * namespace 2. Each has a hub socket in namespace 1 and a terminal on server A; Bob also has a hub
 * socket in namespace 2 and a terminal on server B.
 */
async function scene(t: TestApp, admin: Actor) {
  await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'two' } });
  const bob = await memberOf(t, admin, {
    account: 'bob',
    namespaceId: 1,
    permissionIds: [Perm.ShowTerminalPage],
  });
  const bobRole = (
    await t.db
      .selectFrom('namespace_user')
      .select('role_id')
      .where('user_id', '=', bob.id)
      .executeTakeFirstOrThrow()
  ).role_id;
  const carol = await memberOf(t, admin, {
    account: 'carol',
    namespaceId: 1,
    permissionIds: [Perm.ShowTerminalPage],
  });
  await t.call('POST', '/namespace/addUser', {
    token: admin.token,
    ns: 1,
    body: { namespaceId: 2, userIds: [bob.id], roleId: bobRole },
  });
  const serverA = await addServer(t, admin.token, sshd.server, { name: 'a' });
  const serverB = await addServer(t, admin.token, sshd.server, { name: 'b' });
  const hub = async (who: Actor, ns: number) =>
    t.sockets.injectWS(`/ws/connect?token=${who.token}&G-N-ID=${ns}`);
  const term = async (who: Actor, serverId: number) => {
    const x = await openXterm(t, { token: who.token, 'G-N-ID': 1, serverId });
    x.ws.send('echo rea""dy\r');
    await x.waitFor(/[\r\n]ready\r\n/);
    return x;
  };
  const sockets = {
    bobHub1: watchHub('bobHub1', await hub(bob, 1)),
    bobHub2: watchHub('bobHub2', await hub(bob, 2)),
    carolHub1: watchHub('carolHub1', await hub(carol, 1)),
    bobTermA: watchTerm('bobTermA', await term(bob, serverA)),
    bobTermB: watchTerm('bobTermB', await term(bob, serverB)),
    carolTermA: watchTerm('carolTermA', await term(carol, serverA)),
  };
  await expect.poll(() => t.openSockets.size()).toBe(6);
  return { bob, carol, bobRole, serverA, serverB, sockets };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** Waits until exactly `expected` sockets closed, with those codes, and the rest stay open. */
async function expectEnded(s: Scene, expected: Partial<Record<keyof Scene['sockets'], number>>) {
  const all = Object.values(s.sockets);
  await expect
    .poll(() =>
      Object.fromEntries(all.filter((w) => w.code() !== undefined).map((w) => [w.name, w.code()])),
    )
    .toEqual(expected);
  // A moment more: nothing else closes late.
  await new Promise((r) => setTimeout(r, 100));
  expect(
    Object.fromEntries(all.filter((w) => w.code() !== undefined).map((w) => [w.name, w.code()])),
  ).toEqual(expected);
  for (const w of all) w.stop();
}

describe(
  'every ground for a socket going away ends exactly its sockets',
  { timeout: 60_000 },
  () => {
    let t: TestApp;
    let admin: Actor;
    useAdminApp((app, a) => {
      t = app;
      admin = a;
    });

    it("logout ends the session's sockets only", async () => {
      const s = await scene(t, admin);
      await t.call('POST', '/user/logout', { token: s.bob.token, ns: 1 });
      await expectEnded(s, {
        bobHub1: WsClose.notLoggedIn,
        bobHub2: WsClose.notLoggedIn,
        bobTermA: WsClose.notLoggedIn,
        bobTermB: WsClose.notLoggedIn,
      });
    });

    it("removing a user ends all of that user's sockets, in every namespace", async () => {
      const s = await scene(t, admin);
      await t.call('DELETE', '/user/remove', { token: admin.token, ns: 1, body: { id: s.bob.id } });
      await expectEnded(s, {
        bobHub1: WsClose.sessionExpired,
        bobHub2: WsClose.sessionExpired,
        bobTermA: WsClose.sessionExpired,
        bobTermB: WsClose.sessionExpired,
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
      await expectEnded(s, {
        carolHub1: WsClose.sessionExpired,
        carolTermA: WsClose.sessionExpired,
      });
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
      await expectEnded(s, {
        bobHub1: WsClose.namespaceInvalid,
        bobTermA: WsClose.namespaceInvalid,
        bobTermB: WsClose.namespaceInvalid,
      });
    });

    it('a role losing the permission ends the sockets that need it, for its holders only', async () => {
      const s = await scene(t, admin);
      await t.call('PUT', '/role/changePermission', {
        token: admin.token,
        ns: 1,
        body: { roleId: s.bobRole, permissionIds: [] },
      });
      // The hub needs no permission: Bob's hub sockets stay, his terminals end.
      await expectEnded(s, { bobTermA: WsClose.denied, bobTermB: WsClose.denied });
    });

    it('a member given a role without the permission loses the sockets that need it', async () => {
      const s = await scene(t, admin);
      const role = await t.call<{ id: number }>('POST', '/role/add', {
        token: admin.token,
        ns: 1,
        body: { name: 'viewer' },
      });
      await t.call('POST', '/namespace/addUser', {
        token: admin.token,
        ns: 1,
        body: { namespaceId: 1, userIds: [s.carol.id], roleId: role.data.id },
      });
      await expectEnded(s, { carolTermA: WsClose.denied });
    });

    it("disabling a server ends that server's terminals only", async () => {
      const s = await scene(t, admin);
      await t.call('PUT', '/server/toggle', {
        token: admin.token,
        ns: 1,
        body: { id: s.serverA, state: 0 },
      });
      await expectEnded(s, {
        bobTermA: TerminalClose.serverDisabled,
        carolTermA: TerminalClose.serverDisabled,
      });
    });

    it("editing a server's connection ends that server's terminals only", async () => {
      const s = await scene(t, admin);
      const r = await t.call('PUT', '/server/edit', {
        token: admin.token,
        ns: 1,
        body: {
          id: s.serverB,
          name: 'b',
          // Moved to another address (nothing listens there): the shell must not outlive it.
          ip: '127.0.0.2',
          port: sshd.server.port,
          owner: sshd.server.user,
          authType: 'password',
          password: sshd.server.password,
        },
      });
      expect(r.code).toBe(0);
      await expectEnded(s, { bobTermB: TerminalClose.serverDisabled });
    });
  },
);
