/** The browser's WebSocket constructor, as code that opens sockets takes it. */
type WebSocketClass = new (url: string) => WebSocket;

/** A socket as the console would drive it: open, send output, close with a code. */
export interface FakeSocket {
  url: string;
  binaryType: string;
  readyState: number;
  /** Frames the page sent: text as strings, binary as byte arrays. */
  sent: (string | Uint8Array)[];
  /** The code the page closed with, if it did. */
  closedWith: number | undefined;
  open(): void;
  output(data: Uint8Array | string): void;
  drop(code: number, reason?: string): void;
}

/**
 * A stand-in for the browser's WebSocket class (jsdom has no server to talk to) that records
 * every socket made and every frame sent.
 */
export function fakeWebSocketClass() {
  const sockets: FakeSocket[] = [];
  class FakeWebSocket implements FakeSocket {
    binaryType = 'blob';
    readyState = 0;
    sent: (string | Uint8Array)[] = [];
    closedWith: number | undefined;
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onclose: ((e: { code: number; reason: string }) => void) | null = null;

    constructor(readonly url: string) {
      sockets.push(this);
    }
    send(data: string | ArrayBufferView) {
      this.sent.push(
        typeof data === 'string'
          ? data
          : new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)),
      );
    }
    close(code = 1005) {
      this.closedWith = code;
      this.readyState = 3;
    }
    open() {
      this.readyState = 1;
      this.onopen?.();
    }
    output(data: Uint8Array | string) {
      this.onmessage?.({ data: typeof data === 'string' ? data : data.slice().buffer });
    }
    drop(code: number, reason = '') {
      this.readyState = 3;
      this.onclose?.({ code, reason });
    }
  }
  return { Socket: FakeWebSocket as unknown as WebSocketClass, sockets };
}
