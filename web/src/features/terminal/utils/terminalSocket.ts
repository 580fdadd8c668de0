import { encodeResize } from '@ferry/contract/client';
import { closedStatus, type TerminalStatus } from './terminalStatus';

/** What a terminal socket reports; output is the shell's bytes, to hand to xterm as they are. */
export interface TerminalSocketEvents {
  output(bytes: Uint8Array): void;
  /** `connected` once open; `closed` once, unless the page closed the socket itself. */
  status(status: TerminalStatus): void;
}

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** The browser's WebSocket class, or a test's fake of it. */
export type WebSocketClass = new (url: string) => WebSocket;

const OPEN = 1;
const encoder = new TextEncoder();

/**
 * The bytes of a received frame: output comes as binary frames; a text frame is taken too. The
 * buffer is recognised by its tag: `instanceof` fails for one made in another realm (a frame).
 */
function frameBytes(data: unknown): Uint8Array | undefined {
  if (typeof data === 'string') return encoder.encode(data);
  if (Object.prototype.toString.call(data) === '[object ArrayBuffer]') {
    return new Uint8Array(data as ArrayBuffer);
  }
  return undefined;
}

/** Sizes the console accepts (contract `xtermConnect`: 1-1000). */
const validSize = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1000;

/**
 * One `/ws/xterm` session (contract terminal-frames.ts): keystrokes go as text frames, xterm's
 * binary input and resizes as binary frames, output arrives as binary frames. `size` is the size
 * already sent in the address, so a resize is only sent when the terminal's size differs.
 */
export function openTerminalSocket(
  url: string,
  size: TerminalSize,
  events: TerminalSocketEvents,
  Socket: WebSocketClass = WebSocket,
) {
  const ws = new Socket(url);
  ws.binaryType = 'arraybuffer';
  let sent = size;
  let wanted = size;
  let closedByPage = false;

  const sendSize = () => {
    if (ws.readyState !== OPEN) return;
    if (wanted.cols === sent.cols && wanted.rows === sent.rows) return;
    // encodeResize makes a fresh ArrayBuffer; its type only says ArrayBufferLike.
    ws.send(encodeResize(wanted.cols, wanted.rows) as Uint8Array<ArrayBuffer>);
    sent = wanted;
  };

  ws.onopen = () => {
    if (closedByPage) return;
    events.status({ state: 'connected' });
    // The terminal may have been resized while the socket was opening.
    sendSize();
  };
  ws.onmessage = (e: MessageEvent<unknown>) => {
    const bytes = frameBytes(e.data);
    if (bytes && !closedByPage) events.output(bytes);
  };
  ws.onclose = (e: CloseEvent) => {
    if (!closedByPage) events.status(closedStatus(e.code, e.reason));
  };

  return {
    /** Keystrokes or pasted text, as a text frame; false when the socket is not open. */
    sendText(text: string): boolean {
      if (ws.readyState !== OPEN) return false;
      ws.send(text);
      return true;
    },
    /** xterm's `onBinary` data (one character per byte), as a binary frame. */
    sendBinary(data: string): boolean {
      if (ws.readyState !== OPEN) return false;
      ws.send(Uint8Array.from(data, (c) => c.charCodeAt(0) & 0xff));
      return true;
    },
    /** Tells the console the terminal's new size, once per change. */
    resize(cols: number, rows: number): void {
      if (!validSize(cols) || !validSize(rows)) return;
      wanted = { cols, rows };
      sendSize();
    },
    /** Closes for good: a closed tab or a reconnect. Reports nothing more. */
    close(): void {
      if (closedByPage) return;
      closedByPage = true;
      ws.close(1000);
    },
  };
}

export type TerminalSocket = ReturnType<typeof openTerminalSocket>;
