import { WsClose, type HubClientOp, type HubFrame } from '@ferry/contract';
import type { WebSocket } from 'ws';
import type { RequestContext } from '../http/context.js';

interface Client {
  socket: WebSocket;
  ctx: RequestContext;
  subscriptions: Set<string>;
  missedPongs: number;
}

/**
 * The realtime hub. Frames go only to clients of the namespace they concern, and optionally only
 * to those a filter admits (a user who may see that object) or who subscribed to a topic.
 */
export interface Hub {
  add(socket: WebSocket, ctx: RequestContext): void;
  /** Sends to every client of `namespaceId` that `admit` accepts. */
  publish(namespaceId: number, frame: HubFrame, admit?: (ctx: RequestContext) => boolean): number;
  /** Sends to the clients of `namespaceId` subscribed to `topic` (e.g. a deploy token). */
  publishTopic(namespaceId: number, topic: string, frame: HubFrame): number;
  /** Closes every socket of a user (password change, disable). */
  disconnectUser(userId: number, code: number): void;
  /** Closes the sockets opened with one session (its logout). */
  disconnectSession(tokenHash: string, code: number): void;
  size(): number;
  close(): void;
}

export function createHub(opts: { pingIntervalMs?: number } = {}): Hub {
  const clients = new Set<Client>();
  const timer = setInterval(() => heartbeat(clients), opts.pingIntervalMs ?? 30_000);
  timer.unref();

  const send = (c: Client, frame: HubFrame) => {
    if (c.socket.readyState === c.socket.OPEN) c.socket.send(JSON.stringify(frame));
  };

  return {
    add(socket, ctx) {
      const client: Client = { socket, ctx, subscriptions: new Set(), missedPongs: 0 };
      clients.add(client);
      socket.on('pong', () => {
        client.missedPongs = 0;
      });
      socket.on('message', (data, isBinary) => {
        if (!isBinary && Buffer.isBuffer(data)) onClientMessage(client, data.toString('utf8'));
      });
      socket.on('close', () => clients.delete(client));
      socket.on('error', () => clients.delete(client));
    },
    publish(namespaceId, frame, admit) {
      let n = 0;
      for (const c of clients) {
        if (c.ctx.namespaceId !== namespaceId || (admit && !admit(c.ctx))) continue;
        send(c, frame);
        n++;
      }
      return n;
    },
    publishTopic(namespaceId, topic, frame) {
      let n = 0;
      for (const c of clients) {
        if (c.ctx.namespaceId !== namespaceId || !c.subscriptions.has(topic)) continue;
        send(c, frame);
        n++;
      }
      return n;
    },
    disconnectUser(userId, code) {
      for (const c of clients) if (c.ctx.user.id === userId) c.socket.close(code);
    },
    disconnectSession(tokenHash, code) {
      for (const c of clients) {
        if (c.ctx.via.kind === 'session' && c.ctx.via.tokenHash === tokenHash) c.socket.close(code);
      }
    },
    size: () => clients.size,
    close() {
      clearInterval(timer);
      for (const c of clients) c.socket.close(1001);
      clients.clear();
    },
  };
}

/** A client that missed two pings in a row is dropped. */
function heartbeat(clients: Set<Client>): void {
  for (const c of clients) {
    if (c.missedPongs >= 2) {
      c.socket.close(WsClose.timeout);
      clients.delete(c);
      continue;
    }
    c.missedPongs++;
    c.socket.ping();
  }
}

/** Client ops are small JSON; anything else is ignored rather than trusted. */
function onClientMessage(client: Client, text: string): void {
  if (text.length > 1024) return;
  let op: HubClientOp;
  try {
    op = JSON.parse(text) as HubClientOp;
  } catch {
    return;
  }
  if (typeof op !== 'object' || op === null || typeof op.token !== 'string') return;
  if (op.token.length === 0 || op.token.length > 64) return;
  if (op.op === 'subscribe' && client.subscriptions.size < 100) client.subscriptions.add(op.token);
  if (op.op === 'unsubscribe') client.subscriptions.delete(op.token);
}
