import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { RequestContext } from '../http/context.js';
import type { IdentityResolver } from '../http/identity.js';
import { createHub } from './hub.js';
import { createSocketRegistry } from './socket-registry.js';

/** Just enough of a ws socket: it records pings, sends and how it was closed. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  pings = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  ping() {
    this.pings++;
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
}

const ctx = (namespaceId: number, userId = 1) =>
  ({ namespaceId, user: { id: userId } }) as unknown as RequestContext;

const sockets = () => createSocketRegistry({} as IdentityResolver);

describe('createHub', () => {
  it('pings every interval and drops a client that missed two pongs', async () => {
    const hub = createHub({ sockets: sockets(), pingIntervalMs: 10 });
    const lively = new FakeSocket();
    const silent = new FakeSocket();
    hub.add(lively as unknown as WebSocket, ctx(1), 'user');
    hub.add(silent as unknown as WebSocket, ctx(1), 'user');
    const answer = setInterval(() => lively.emit('pong'), 5);
    await new Promise((r) => setTimeout(r, 60));
    clearInterval(answer);
    expect(silent.closedWith).toBe(4008);
    expect(lively.closedWith).toBeUndefined();
    expect(lively.pings).toBeGreaterThan(2);
    expect(hub.size()).toBe(1);
    hub.close();
  });

  it('ignores malformed and oversized client messages', () => {
    const hub = createHub({ sockets: sockets() });
    const s = new FakeSocket();
    hub.add(s as unknown as WebSocket, ctx(1), 'user');
    s.emit('message', Buffer.from('not json'), false);
    s.emit(
      'message',
      Buffer.from(JSON.stringify({ op: 'subscribe', token: 'x'.repeat(65) })),
      false,
    );
    s.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', token: 't1' })), false);
    expect(hub.publishTopic(1, 'x'.repeat(65), { type: 11, message: {} })).toBe(0);
    expect(hub.publishTopic(1, 't1', { type: 11, message: {} })).toBe(1);
    expect(hub.publishTopic(2, 't1', { type: 11, message: {} })).toBe(0);
    hub.close();
  });

  it("sends a topic's frame to subscribers of every namespace when told 'any'", () => {
    const hub = createHub({ sockets: sockets() });
    const subscribe = (namespaceId: number, token: string) => {
      const s = new FakeSocket();
      hub.add(s as unknown as WebSocket, ctx(namespaceId, namespaceId * 10), 'user');
      s.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', token })), false);
      return s;
    };
    const [a, b, other] = [subscribe(1, 'm:1'), subscribe(2, 'm:1'), subscribe(3, 'm:2')];
    expect(hub.publishTopic('any', 'm:1', { type: 16, message: {} })).toBe(2);
    expect([a.sent.length, b.sent.length, other.sent.length]).toEqual([1, 1, 0]);
    // Of the subscribers, the audience alone: the user of the second client.
    expect(hub.publishTopic('any', 'm:1', { type: 16, message: {} }, { userIds: [20] })).toBe(1);
    expect(b.sent).toHaveLength(2);
    hub.close();
  });

  it('keeps a frame about a project from an API key limited to other projects', () => {
    const hub = createHub({ sockets: sockets() });
    const member = (via: unknown) => {
      const s = new FakeSocket();
      const c = { namespaceId: 1, user: { id: 5 }, permissions: new Set([58]), via };
      hub.add(s as unknown as WebSocket, c as unknown as RequestContext, 'user');
      s.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', token: 'd1' })), false);
      return s;
    };
    const session = member({ kind: 'session', tokenHash: 'h' });
    const anyProject = member({ kind: 'apiKey', id: 1, name: 'all', scope: { projectIds: null } });
    const onlyTwo = member({
      kind: 'apiKey',
      id: 2,
      name: 'two',
      scope: { projectIds: new Set([2]) },
    });
    const frame = { type: 1, message: {} } as const;
    expect(hub.publish(1, frame, { permissions: [58], projectId: 1 })).toBe(2);
    expect(hub.publish(1, frame, { permissions: [58], projectId: 2 })).toBe(3);
    expect(hub.publishTopic(1, 'd1', { type: 11, message: {} }, { projectId: 1 })).toBe(2);
    expect([session.sent.length, anyProject.sent.length, onlyTwo.sent.length]).toEqual([3, 3, 1]);
    hub.close();
  });
});
