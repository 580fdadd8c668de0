import type { WebSocket } from 'ws';
import { parseSocketRequest, type SocketRequest } from './sftp-socket-requests.js';

/** Requests waiting beyond this many are answered with an error instead of queued. */
const MAX_WAITING = 100;

/** One request and whether a newer one made it pointless. */
export interface Job {
  readonly request: SocketRequest;
  cancelled: boolean;
}

/**
 * The requests of one socket, taken one at a time in the order they came. Listening starts at
 * once, so a path sent while the SSH connection is still being made is kept. A newer `list`
 * request cancels the `list` requests before it, waiting or streaming (the browser shows only the
 * newest directory); goploy's bare paths are always answered.
 */
export function createInbox(socket: WebSocket, refuse: (request: SocketRequest) => void) {
  const queue: Job[] = [];
  let current: Job | undefined;
  let wake: (() => void) | undefined;
  let closed = false;

  const onMessage = (data: Parameters<typeof parseSocketRequest>[0], isBinary: boolean) => {
    const request = parseSocketRequest(data, isBinary);
    if (request.kind === 'list') {
      if (current?.request.kind === 'list') current.cancelled = true;
      for (let i = queue.length - 1; i >= 0; i--) {
        if (queue[i]!.request.kind === 'list') queue.splice(i, 1);
      }
    }
    if (queue.length >= MAX_WAITING) {
      refuse({ kind: 'invalid', message: `at most ${MAX_WAITING} requests may wait` });
      return;
    }
    queue.push({ request, cancelled: false });
    wake?.();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    socket.off('message', onMessage);
    if (current) current.cancelled = true;
    wake?.();
  };
  socket.on('message', onMessage);
  socket.once('close', close);

  return {
    /** The next request, waiting for one; undefined once the socket is closed. */
    async next(): Promise<Job | undefined> {
      current = undefined;
      while (queue.length === 0 && !closed) await new Promise<void>((r) => (wake = r));
      wake = undefined;
      if (closed) return undefined;
      current = queue.shift();
      return current;
    },
    close,
  };
}

export type Inbox = ReturnType<typeof createInbox>;
