import type { SftpEntry } from '@ferry/contract';
import type { WebSocket } from 'ws';
import type { TestApp } from './build-test-app.js';

/** One frame of `/ws/sftp`, as the console sends it. */
export interface SftpFrame {
  code: number;
  message: string;
  data: SftpEntry[];
  op?: 'list';
  id?: number;
  path?: string;
  done?: boolean;
  total?: number;
}

/** A frame and when it arrived (performance.now()). */
export interface TimedFrame {
  frame: SftpFrame;
  at: number;
}

/** A browser's side of `/ws/sftp`, as the tests drive it. */
export interface SftpClient {
  ws: WebSocket;
  /** Every frame received so far. */
  frames: TimedFrame[];
  closed: Promise<{ code: number; reason: string }>;
  /** The close code once closed, else undefined. */
  closeCode(): number | undefined;
  /** Sends a bare path (goploy) and resolves its one answer frame. */
  bare(path: string): Promise<SftpFrame>;
  /** Sends `{op:'list', id, path}` and resolves every frame of that id up to the `done` one. */
  list(path: string, id?: number): Promise<TimedFrame[]>;
  /** Resolves the next frame received after now. */
  nextFrame(timeoutMs?: number): Promise<SftpFrame>;
}

/** Opens `/ws/sftp`; listeners are attached before the upgrade completes. */
export async function openSftp(
  t: TestApp,
  query: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<SftpClient> {
  const frames: TimedFrame[] = [];
  let closeCode: number | undefined;
  let resolveClosed: (v: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((r) => (resolveClosed = r));
  const listeners = new Set<() => void>();
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const ws = await t.sockets.injectWS(
    `/ws/sftp?${qs.toString()}`,
    { headers },
    {
      onInit(socket) {
        socket.on('message', (data: Buffer) => {
          frames.push({
            frame: JSON.parse(data.toString('utf8')) as SftpFrame,
            at: performance.now(),
          });
          for (const l of listeners) l();
        });
        socket.on('close', (code: number, reason: Buffer) => {
          closeCode = code;
          resolveClosed({ code, reason: reason.toString() });
          for (const l of listeners) l();
        });
      },
    },
  );

  /** Resolves when `done(from)` is true for the frames from index `from` on. */
  const waitUntil = <T>(from: number, take: (fresh: TimedFrame[]) => T | undefined, ms = 20_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(`no expected frame; got ${JSON.stringify(frames.slice(from)).slice(0, 500)}`),
        );
      }, ms);
      const check = () => {
        const got = take(frames.slice(from));
        if (got !== undefined) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve(got);
        } else if (closeCode !== undefined) {
          clearTimeout(timer);
          listeners.delete(check);
          reject(new Error(`socket closed with ${closeCode}`));
        }
      };
      listeners.add(check);
      check();
    });

  let nextId = 1;
  return {
    ws,
    frames,
    closed,
    closeCode: () => closeCode,
    bare(path) {
      const from = frames.length;
      ws.send(path);
      return waitUntil(from, (fresh) => fresh[0]?.frame);
    },
    list(path, id = nextId++) {
      const from = frames.length;
      ws.send(JSON.stringify({ op: 'list', id, path }));
      return waitUntil(from, (fresh) => {
        const mine = fresh.filter((f) => f.frame.id === id);
        return mine.some((f) => f.frame.done) ? mine : undefined;
      });
    },
    nextFrame(timeoutMs) {
      const from = frames.length;
      return waitUntil(from, (fresh) => fresh[0]?.frame, timeoutMs);
    },
  };
}

/** The rows of a streamed listing, in order. */
export const rowsOf = (frames: TimedFrame[]) => frames.flatMap((f) => f.frame.data);
