import {
  decodeBinaryHubFrame,
  envelopeCodeForClose,
  WsClose,
  type HubClientOp,
  type HubFrame,
} from '@ferry/contract/client';

/** The part of a WebSocket the connection uses. */
export interface HubSocket {
  close(): void;
  send(data: string): void;
}

/** What the connection needs from the browser; tests pass fakes. */
export interface HubEnvironment {
  open(url: string, events: SocketEvents): HubSocket;
  now(): number;
  /** A number in [0, 1): spreads the reconnects after a console's shutdown. */
  random(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** Resolves true when the user agrees to reconnect. */
  askToReconnect(): Promise<boolean>;
  /** The user declined to reconnect. */
  reconnectCancelled(): void;
  /** The server refused the socket for the session's sake (close 4000/4001/4002/4003/4086). */
  refused(envelopeCode: number, reason: string): void;
  frame(frame: HubFrame): void;
}

/** What a socket reports. */
export interface SocketEvents {
  opened(): void;
  received(data: unknown): void;
  closed(code: number, reason: string): void;
}

export const RECONNECT_DELAY_MS = 60_000;
/**
 * After a console said it is shutting down (close 1012), the next socket opens within this long:
 * another console behind the same address answers. Spread, so a console's clients do not all
 * come back in the same instant.
 */
export const RESTART_RECONNECT_MS = 2_000;
/** The close code a browser reports when the page itself closed the socket without a code. */
const CLOSED_BY_CLIENT = 1005;

/** A text message is a JSON frame; a binary one (an `ArrayBuffer`) carries bulk output. */
function parseFrame(data: unknown): HubFrame | undefined {
  if (data instanceof ArrayBuffer) return decodeBinaryHubFrame(new Uint8Array(data));
  if (typeof data !== 'string') return undefined;
  try {
    const v: unknown = JSON.parse(data);
    if (typeof v === 'object' && v !== null && typeof (v as HubFrame).type === 'number') {
      return v as HubFrame;
    }
  } catch {
    // Not a frame of ours.
  }
  return undefined;
}

/**
 * The `/ws/connect` socket with the reconnect rules of product.md §4: after a drop (any close
 * but 1005) it reconnects once after 60 s; a further failure 60 s or more after that first drop
 * asks the user whether to reconnect ('Cancel reconnect' when declined); a successful open starts
 * over. A console that shuts down (1012) is left at once, for another console behind the same
 * address. A refusal for the session's sake is reported like the matching API code instead.
 *
 * It also keeps the topics (deploy tokens) the page subscribed to: each is sent once the socket is
 * open and again after every reconnect, since the server forgets them with the old socket.
 */
export function createHubConnection(url: string, env: HubEnvironment) {
  let socket: HubSocket | undefined;
  /** The socket once its open event came: only then may it send. */
  let ready: HubSocket | undefined;
  let firstDropAt = 0;
  let timer: unknown;
  let stopped = true;
  const tokens = new Set<string>();

  const sendOp = (op: HubClientOp) => ready?.send(JSON.stringify(op));

  const onClose = (code: number, reason: string) => {
    socket = undefined;
    ready = undefined;
    if (stopped || code === CLOSED_BY_CLIENT) return;
    const refusal = envelopeCodeForClose(code);
    if (refusal !== undefined) {
      env.refused(refusal, reason);
      return;
    }
    if (code === WsClose.restarting) {
      timer = env.setTimer(
        () => {
          timer = undefined;
          connect();
        },
        Math.floor(env.random() * RESTART_RECONNECT_MS),
      );
      return;
    }
    if (firstDropAt === 0) {
      firstDropAt = env.now();
      timer = env.setTimer(() => {
        timer = undefined;
        connect();
      }, RECONNECT_DELAY_MS);
      return;
    }
    if (env.now() - firstDropAt < RECONNECT_DELAY_MS) return;
    void env.askToReconnect().then((yes) => {
      if (stopped) return;
      if (yes) connect();
      else env.reconnectCancelled();
    });
  };

  function connect() {
    if (stopped || socket) return;
    const s = env.open(url, {
      opened: () => {
        if (socket !== s) return;
        firstDropAt = 0;
        ready = s;
        for (const token of tokens) sendOp({ op: 'subscribe', token });
      },
      received: (data) => {
        const frame = parseFrame(data);
        if (frame) env.frame(frame);
      },
      closed: (code, reason) => {
        if (socket === s) onClose(code, reason);
      },
    });
    socket = s;
  }

  return {
    start() {
      stopped = false;
      connect();
    },
    /** Closes for good (the layout unmounted: sign-out, login page). */
    stop() {
      stopped = true;
      if (timer !== undefined) env.clearTimer(timer);
      timer = undefined;
      const s = socket;
      socket = undefined;
      ready = undefined;
      s?.close();
    },
    /** Asks for the frames of `token` (a deploy's log lines), now and after each reconnect. */
    subscribe(token: string) {
      if (tokens.has(token)) return;
      tokens.add(token);
      sendOp({ op: 'subscribe', token });
    },
    /** No more frames of `token`. */
    unsubscribe(token: string) {
      if (!tokens.delete(token)) return;
      sendOp({ op: 'unsubscribe', token });
    },
  };
}

export type HubConnection = ReturnType<typeof createHubConnection>;
