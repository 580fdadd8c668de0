import { hubRoutes, type HubClientOp, type HubFrame } from '@ferry/contract/client';
import type { Connection } from './connection.js';

/** The console's hub socket (`/ws/connect`): JSON frames in, subscribe operations out. */
export interface Hub {
  send(op: HubClientOp): void;
  close(): void;
  /** Resolves when the socket closed, for whatever reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

export type OpenHub = (connection: Connection, onFrame: (frame: HubFrame) => void) => Promise<Hub>;

/**
 * Opens the hub with Node's WebSocket. SECURITY: the API key goes in the X-API-KEY header of the
 * upgrade (undici's `headers` option), never in the address, which proxies and logs keep.
 */
export const openHub: OpenHub = (connection, onFrame) => {
  const address = new URL(`${connection.url}${hubRoutes.hubConnect.path}`);
  address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
  address.searchParams.set('G-N-ID', String(connection.namespaceId));
  const socket = new WebSocket(address, { headers: { 'X-API-KEY': connection.apiKey } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason }));
  });
  socket.addEventListener('message', (e: MessageEvent) => {
    // Binary frames carry remote-run output (hub-binary.ts); nothing here reads them.
    if (typeof e.data !== 'string') return;
    const frame = parseFrame(e.data);
    if (frame) onFrame(frame);
  });
  const hub: Hub = {
    send: (op) => socket.send(JSON.stringify(op)),
    close: () => socket.close(),
    closed,
  };
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(hub), { once: true });
    socket.addEventListener('error', () => reject(new Error('the hub socket did not open')), {
      once: true,
    });
    void closed.then(({ code, reason }) =>
      reject(new Error(`the hub socket closed (${code}${reason ? `: ${reason}` : ''})`)),
    );
  });
};

function parseFrame(text: string): HubFrame | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { type, message } = value as { type?: unknown; message?: unknown };
    return typeof type === 'number' ? { type, message } : undefined;
  } catch {
    return undefined;
  }
}
