import { WsClose, type Access, type HubClientOp, type HubFrame } from '@ferry/contract';
import type { WebSocket } from 'ws';
import type { RequestContext } from '../http/context.js';
import type { OpenSocket, SocketRegistry } from './socket-registry.js';

interface Client {
  socket: WebSocket;
  /** Its entry in the socket registry, whose `ctx` follows changes of permissions. */
  entry: OpenSocket;
  subscriptions: Set<string>;
  missedPongs: number;
}

/**
 * Who of a namespace's clients may receive a frame: those holding any of `permissions`, and the
 * users `userIds`; neither given, every client of the namespace. A frame about one project names
 * it (`projectId`): an API key limited to other projects never receives it. Data, not a function,
 * so that a frame published on one console can be delivered by the others (decision 0044).
 */
export interface Audience {
  permissions?: readonly number[];
  userIds?: readonly number[];
  projectId?: number;
}

export function admits(audience: Audience | undefined, ctx: RequestContext): boolean {
  if (!audience) return true;
  // SECURITY: a scoped key's projects bound whatever its role may see (decision 0053).
  const only = ctx.via?.kind === 'apiKey' ? ctx.via.scope?.projectIds : null;
  if (audience.projectId !== undefined && only && !only.has(audience.projectId)) return false;
  if (!audience.permissions && !audience.userIds) return true;
  return (
    (audience.permissions?.some((p) => ctx.permissions.has(p)) ?? false) ||
    (audience.userIds?.includes(ctx.user.id) ?? false)
  );
}

/**
 * The realtime hub. Frames go only to clients of the namespace they concern, and optionally only
 * to an audience (those who may see that object) or to those who subscribed to a topic.
 */
export interface Hub {
  /** Adds an accepted socket (also to the socket registry, which ends it when access goes). */
  add(socket: WebSocket, ctx: RequestContext, access: Access): void;
  /** Sends to every client of `namespaceId` in `audience`. */
  publish(namespaceId: number, frame: HubFrame, audience?: Audience): number;
  /**
   * Sends to the clients of `namespaceId` subscribed to `topic` (e.g. a deploy token), or to any
   * of several topics (once each), in `audience`: anyone may subscribe to any topic, so a frame
   * not every member may see needs an audience. A frame already encoded as bytes (bulk output,
   * contract `hub-binary.ts`) goes as a binary message; given in parts, as one binary message of
   * those fragments, so the parts are never copied into one buffer. `'any'` reaches subscribers
   * of every namespace (an object shared with all of them, such as a shared server).
   */
  publishTopic(
    namespaceId: number | 'any',
    topic: string | readonly string[],
    frame: HubFrame | Uint8Array | readonly Uint8Array[],
    audience?: Audience,
  ): number;
  size(): number;
  close(): void;
}

export function createHub(opts: { sockets: SocketRegistry; pingIntervalMs?: number }): Hub {
  const clients = new Set<Client>();
  const timer = setInterval(() => heartbeat(clients), opts.pingIntervalMs ?? 30_000);
  timer.unref();

  /** A frame encoded once, however many clients it goes to: a binary message's parts in order. */
  const encoder = (frame: HubFrame | Uint8Array | readonly Uint8Array[]) => {
    if ('type' in frame) {
      let json: Uint8Array[] | undefined;
      return {
        binary: false,
        parts: () => (json ??= [Buffer.from(JSON.stringify(frame), 'utf8')]),
      };
    }
    const parts = frame instanceof Uint8Array ? [frame] : frame;
    return { binary: true, parts: () => parts };
  };
  const send = (c: Client, encoded: ReturnType<typeof encoder>) => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    const parts = encoded.parts();
    // Fragments of one message, written one after the other in this same turn, so no other
    // message can come between them.
    parts.forEach((part, i) =>
      c.socket.send(part, { binary: encoded.binary, fin: i === parts.length - 1 }),
    );
  };

  return {
    add(socket, ctx, access) {
      const entry: OpenSocket = { ctx, access, end: (code, reason) => socket.close(code, reason) };
      const client: Client = { socket, entry, subscriptions: new Set(), missedPongs: 0 };
      clients.add(client);
      const unregister = opts.sockets.add(entry);
      const remove = () => {
        clients.delete(client);
        unregister();
      };
      socket.on('pong', () => {
        client.missedPongs = 0;
      });
      socket.on('message', (data, isBinary) => {
        if (!isBinary && Buffer.isBuffer(data)) onClientMessage(client, data.toString('utf8'));
      });
      socket.on('close', remove);
      socket.on('error', remove);
    },
    publish(namespaceId, frame, audience) {
      const encoded = encoder(frame);
      let n = 0;
      for (const c of clients) {
        const { ctx } = c.entry;
        if (ctx.namespaceId !== namespaceId || !admits(audience, ctx)) continue;
        send(c, encoded);
        n++;
      }
      return n;
    },
    publishTopic(namespaceId, topic, frame, audience) {
      const topics = typeof topic === 'string' ? [topic] : topic;
      const encoded = encoder(frame);
      let n = 0;
      for (const c of clients) {
        const { ctx } = c.entry;
        if (namespaceId !== 'any' && ctx.namespaceId !== namespaceId) continue;
        if (!topics.some((t) => c.subscriptions.has(t))) continue;
        if (!admits(audience, ctx)) continue;
        send(c, encoded);
        n++;
      }
      return n;
    },
    size: () => clients.size,
    close() {
      clearInterval(timer);
      for (const c of clients) c.socket.close(WsClose.restarting);
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
