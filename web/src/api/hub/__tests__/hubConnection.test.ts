import {
  Code,
  encodeRunOutputFrame,
  HubType,
  WsClose,
  type HubFrame,
} from '@ferry/contract/client';
import { describe, expect, it, vi } from 'vitest';
import {
  createHubConnection,
  RECONNECT_DELAY_MS,
  RESTART_RECONNECT_MS,
  type HubEnvironment,
  type SocketEvents,
} from '../hubConnection';

class FakeSocket {
  closed = false;
  /** What the page sent, parsed. */
  readonly sent: unknown[] = [];
  constructor(readonly events: SocketEvents) {}
  close() {
    this.closed = true;
  }
  open() {
    this.events.opened();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  /** The server sends `data`. */
  receive(data: unknown) {
    this.events.received(data);
  }
  drop(code: number, reason = '') {
    this.events.closed(code, reason);
  }
}

function harness(answer = true) {
  let now = 1_000_000;
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; at: number }[] = [];
  const frames: HubFrame[] = [];
  const env = {
    open: vi.fn((_url: string, events: SocketEvents) => {
      const s = new FakeSocket(events);
      sockets.push(s);
      return s;
    }),
    now: () => now,
    random: () => 0.5,
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, at: now + ms };
      timers.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      timers.splice(timers.indexOf(t as (typeof timers)[number]), 1);
    },
    askToReconnect: vi.fn(() => Promise.resolve(answer)),
    reconnectCancelled: vi.fn(),
    refused: vi.fn(),
    frame: (f: HubFrame) => frames.push(f),
  } satisfies HubEnvironment;
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
  };
  const hub = createHubConnection('ws://host/ws/connect?G-N-ID=1', env);
  return { hub, env, sockets, frames, timers, advance, last: () => sockets.at(-1)! };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the hub connection', () => {
  it('dispatches JSON frames and ignores anything else', () => {
    const h = harness();
    h.hub.start();
    h.last().open();
    h.last().receive('{"type":1,"message":{"projectId":3}}');
    h.last().receive('not json');
    h.last().receive('{"no":"type"}');
    expect(h.frames).toEqual([{ type: 1, message: { projectId: 3 } }]);
  });

  it('dispatches binary run output frames as text, and ignores a malformed one', () => {
    const h = harness();
    h.hub.start();
    h.last().open();
    const line = new TextEncoder().encode('部署 done\n');
    const frame = encodeRunOutputFrame(4, 2, [{ stream: 'stderr', parts: [line] }]);
    h.last().receive(frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength));
    h.last().receive(new Uint8Array([1, 2, 3]).buffer);
    h.last().receive(frame); // a view, not the ArrayBuffer a socket hands over
    expect(h.frames).toEqual([
      {
        type: HubType.remoteRun,
        message: { runId: 4, serverId: 2, output: [{ stream: 'stderr', text: '部署 done\n' }] },
      },
    ]);
  });

  it('reconnects 60 s after a first drop, not before', () => {
    const h = harness();
    h.hub.start();
    h.last().open();
    h.last().drop(1006);
    h.advance(RECONNECT_DELAY_MS - 1);
    expect(h.env.open).toHaveBeenCalledTimes(1);
    h.advance(1);
    expect(h.env.open).toHaveBeenCalledTimes(2);
    expect(h.env.askToReconnect).not.toHaveBeenCalled();
  });

  it('asks the user when the reconnect fails too, and reconnects on yes', async () => {
    const h = harness(true);
    h.hub.start();
    h.last().drop(1006);
    h.advance(RECONNECT_DELAY_MS);
    h.last().drop(1006);
    expect(h.env.askToReconnect).toHaveBeenCalledTimes(1);
    await flush();
    expect(h.env.open).toHaveBeenCalledTimes(3);
  });

  it("shows 'Cancel reconnect' when the user declines", async () => {
    const h = harness(false);
    h.hub.start();
    h.last().drop(1006);
    h.advance(RECONNECT_DELAY_MS);
    h.last().drop(1006);
    await flush();
    expect(h.env.reconnectCancelled).toHaveBeenCalledTimes(1);
    expect(h.env.open).toHaveBeenCalledTimes(2);
  });

  it('starts over after a successful open', () => {
    const h = harness();
    h.hub.start();
    h.last().drop(1006);
    h.advance(RECONNECT_DELAY_MS);
    h.last().open();
    h.advance(10 * RECONNECT_DELAY_MS);
    h.last().drop(1001);
    expect(h.env.askToReconnect).not.toHaveBeenCalled();
    h.advance(RECONNECT_DELAY_MS);
    expect(h.env.open).toHaveBeenCalledTimes(3);
  });

  it('goes at once to another console when its console shuts down (1012), and again next time', () => {
    const h = harness();
    h.hub.start();
    h.hub.subscribe('tok-1');
    h.last().open();
    h.last().drop(WsClose.restarting, 'the console is shutting down');
    h.advance(RESTART_RECONNECT_MS / 2 - 1);
    expect(h.env.open).toHaveBeenCalledTimes(1);
    h.advance(1);
    expect(h.env.open).toHaveBeenCalledTimes(2);
    h.last().open();
    expect(h.last().sent).toEqual([{ op: 'subscribe', token: 'tok-1' }]);
    // Not a drop: the next shutdown is left as quickly, without asking the user.
    h.last().drop(WsClose.restarting);
    h.advance(RESTART_RECONNECT_MS);
    expect(h.env.open).toHaveBeenCalledTimes(3);
    expect(h.env.askToReconnect).not.toHaveBeenCalled();
  });

  it('does nothing after a close by the page itself (1005)', () => {
    const h = harness();
    h.hub.start();
    h.last().drop(1005);
    h.advance(5 * RECONNECT_DELAY_MS);
    expect(h.env.open).toHaveBeenCalledTimes(1);
    expect(h.env.askToReconnect).not.toHaveBeenCalled();
  });

  it('reports a refusal as its envelope code instead of reconnecting', () => {
    const h = harness();
    h.hub.start();
    h.last().drop(WsClose.sessionExpired, 'Login expired');
    h.advance(5 * RECONNECT_DELAY_MS);
    expect(h.env.refused).toHaveBeenCalledWith(Code.loginExpired, 'Login expired');
    expect(h.env.open).toHaveBeenCalledTimes(1);
  });

  it('stop closes the socket and cancels a pending reconnect', () => {
    const h = harness();
    h.hub.start();
    const first = h.last();
    first.drop(1006);
    h.hub.stop();
    h.advance(5 * RECONNECT_DELAY_MS);
    expect(h.env.open).toHaveBeenCalledTimes(1);
    h.hub.start();
    h.hub.stop();
    expect(h.last().closed).toBe(true);
  });

  it('sends a subscription once the socket is open, and an unsubscribe', () => {
    const h = harness();
    h.hub.start();
    h.hub.subscribe('tok-1');
    // Not open yet: a browser socket would throw on send.
    expect(h.last().sent).toEqual([]);
    h.last().open();
    expect(h.last().sent).toEqual([{ op: 'subscribe', token: 'tok-1' }]);
    h.hub.subscribe('tok-1');
    h.hub.subscribe('tok-2');
    h.hub.unsubscribe('tok-1');
    h.hub.unsubscribe('tok-1');
    expect(h.last().sent).toEqual([
      { op: 'subscribe', token: 'tok-1' },
      { op: 'subscribe', token: 'tok-2' },
      { op: 'unsubscribe', token: 'tok-1' },
    ]);
  });

  it('subscribes again to every kept token after a reconnect', () => {
    const h = harness();
    h.hub.start();
    h.last().open();
    h.hub.subscribe('tok-1');
    h.hub.subscribe('tok-2');
    h.hub.unsubscribe('tok-2');
    h.last().drop(1006);
    // Dropped: nothing can be sent, but the wish is kept.
    h.hub.subscribe('tok-3');
    h.advance(RECONNECT_DELAY_MS);
    const second = h.last();
    expect(h.sockets).toHaveLength(2);
    expect(second.sent).toEqual([]);
    second.open();
    expect(second.sent).toEqual([
      { op: 'subscribe', token: 'tok-1' },
      { op: 'subscribe', token: 'tok-3' },
    ]);
  });

  it('sends nothing on a stopped connection', () => {
    const h = harness();
    h.hub.start();
    const first = h.last();
    first.open();
    h.hub.stop();
    h.hub.subscribe('tok-1');
    expect(first.sent).toEqual([]);
  });
});
