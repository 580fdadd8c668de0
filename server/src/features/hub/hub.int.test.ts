import { WsClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ADMIN_PASSWORD, type TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.on('close', (code) => resolve(code)));
}

function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) =>
    ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')))),
  );
}

describe('the realtime hub', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  it('closes an unauthenticated socket with 4001 and a forged token with 4086', async () => {
    const anon = await t.sockets.injectWS('/ws/connect');
    expect(await closed(anon)).toBe(WsClose.notLoggedIn);
    const forged = await t.sockets.injectWS('/ws/connect?token=forged');
    expect(await closed(forged)).toBe(WsClose.sessionExpired);
  });

  it('closes a socket for a namespace the user is not in with 4002', async () => {
    const ws = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=9`);
    expect(await closed(ws)).toBe(WsClose.namespaceInvalid);
  });

  it('delivers frames only to clients of the namespace they concern', async () => {
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const inOne = await t.sockets.injectWS(`/ws/connect?token=${bob.token}&G-N-ID=1`);
    const inTwo = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=2`);
    await expect.poll(() => t.hub.size()).toBe(2);
    const got = nextMessage(inOne);
    let leaked = false;
    inTwo.on('message', () => {
      leaked = true;
    });
    expect(t.hub.publish(1, { type: 1, message: { projectId: 7 } })).toBe(1);
    expect(await got).toEqual({ type: 1, message: { projectId: 7 } });
    // The one client of namespace 2 is admin: an audience of bob alone reaches nobody there.
    expect(t.hub.publish(2, { type: 3, message: { monitorId: 1 } }, { userIds: [bob.id] })).toBe(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(leaked).toBe(false);
    inOne.terminate();
    inTwo.terminate();
  });

  it('sends topic frames only to subscribers and drops a removed user', async () => {
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const ws = await t.sockets.injectWS(`/ws/connect?token=${bob.token}&G-N-ID=1`);
    ws.send(JSON.stringify({ op: 'subscribe', token: 'deploy-1' }));
    await expect
      .poll(() => t.hub.publishTopic(1, 'deploy-1', { type: 11, message: { line: 'x' } }))
      .toBe(1);
    const end = closed(ws);
    await t.call('DELETE', '/user/remove', { token: admin.token, ns: 1, body: { id: bob.id } });
    expect(await end).toBe(WsClose.sessionExpired);
  });

  it('sends a binary message given in parts as one message, before the frames after it', async () => {
    const ws = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
    const got: { isBinary: boolean; data: Buffer }[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) => got.push({ isBinary, data }));
    ws.send(JSON.stringify({ op: 'subscribe', token: 'parts-1' }));
    const parts = ['head', '', 'x'.repeat(70_000), 'end'].map((p) => Buffer.from(p));
    await expect.poll(() => t.hub.publishTopic(1, 'parts-1', parts)).toBe(1);
    t.hub.publishTopic(1, 'parts-1', { type: 11, message: { line: 'after' } });
    await expect.poll(() => got.length).toBe(2);
    expect(got[0]!.isBinary).toBe(true);
    expect(got[0]!.data.equals(Buffer.concat(parts))).toBe(true);
    expect(got[1]!.isBinary).toBe(false);
    expect(JSON.parse(got[1]!.data.toString('utf8'))).toEqual({
      type: 11,
      message: { line: 'after' },
    });
    ws.terminate();
  });

  it("closes the sockets of a session at its logout, and only that session's", async () => {
    const other = await t.login('admin', ADMIN_PASSWORD);
    const mine = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
    const theirs = await t.sockets.injectWS(`/ws/connect?token=${other}&G-N-ID=1`);
    await expect.poll(() => t.hub.size()).toBe(2);
    const end = closed(mine);
    await t.call('POST', '/user/logout', { token: admin.token, ns: 1 });
    expect(await end).toBe(WsClose.notLoggedIn);
    await new Promise((r) => setTimeout(r, 50));
    expect(theirs.readyState).toBe(theirs.OPEN);
    theirs.terminate();
  });
});
