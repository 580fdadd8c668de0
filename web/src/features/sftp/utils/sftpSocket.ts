import { parseListFrame, type ListFrame } from './listing';
import { closedConnection, type SftpConnection } from './connectionStatus';

/** What a file manager socket reports. */
export interface SftpSocketEvents {
  frame(frame: ListFrame): void;
  /** `open` once open; `closed` once, unless the page closed the socket itself. */
  status(status: SftpConnection): void;
}

/** The browser's WebSocket class, or a test's fake of it. */
export type WebSocketClass = new (url: string) => WebSocket;

const OPEN = 1;

/**
 * One `/ws/sftp` connection (contract sftp-frames.ts): each `list` sends
 * `{"op":"list","id":n,"path":…}` with a fresh id and answers that id, so the page can tell the
 * frames of its latest request from those of older ones.
 */
export function openSftpSocket(url: string, events: SftpSocketEvents, Socket: WebSocketClass) {
  const ws = new Socket(url);
  let closedByPage = false;
  let lastId = 0;

  ws.onopen = () => {
    if (!closedByPage) events.status({ state: 'open' });
  };
  ws.onmessage = (e: MessageEvent<unknown>) => {
    if (closedByPage) return;
    const frame = parseListFrame(e.data);
    if (frame) events.frame(frame);
  };
  ws.onclose = (e: CloseEvent) => {
    if (!closedByPage) events.status(closedConnection(e.code, e.reason));
  };

  return {
    /** Asks for the listing of `path` (`''` for home); the request's id, or 0 when not open. */
    list(path: string): number {
      if (ws.readyState !== OPEN) return 0;
      lastId += 1;
      ws.send(JSON.stringify({ op: 'list', id: lastId, path }));
      return lastId;
    },
    /** Closes for good: a closed tab or a reconnect. Reports nothing more. */
    close(): void {
      if (closedByPage) return;
      closedByPage = true;
      ws.close(1000);
    },
  };
}

export type SftpSocket = ReturnType<typeof openSftpSocket>;
