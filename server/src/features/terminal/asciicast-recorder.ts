import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** What a terminal session tells its recording. Every method is safe to call after `close`. */
export interface TerminalRecorder {
  /** Shell output, as bytes; decoded as UTF-8 across chunk boundaries. */
  output(chunk: Uint8Array): void;
  /** Keystrokes; kept only when the recorder was opened with `recordInput`. */
  input(data: string | Uint8Array): void;
  resize(cols: number, rows: number): void;
  /** Flushes and ends the file; never rejects. */
  close(): Promise<void>;
}

export interface RecorderOptions {
  /** The file to create (`…/<id>.cast.gz`); its directory is made if missing. */
  file: string;
  cols: number;
  rows: number;
  /** Epoch milliseconds of the session's start, for the header's `timestamp`. */
  startedAt: number;
  recordInput: boolean;
  /** Told once when the file cannot be written; the session goes on unrecorded. */
  onError?: (err: unknown) => void;
}

/**
 * Compressed bytes waiting for the disk beyond which events are dropped: a terminal must never
 * stall or grow without bound because the disk is slow.
 */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

/** A recorder that keeps nothing (recording switched off or its file could not be made). */
export const nullRecorder: TerminalRecorder = {
  output: () => {},
  input: () => {},
  resize: () => {},
  close: () => Promise.resolve(),
};

/**
 * Records a terminal session as an asciicast v2 file, gzip-compressed: a header line, then one
 * `[seconds, code, data]` line per event (`o` output, `r` resize `COLSxROWS`, `i` input). The
 * session's output is already coalesced, so each flush becomes one event.
 */
export async function openAsciicastRecorder(opts: RecorderOptions): Promise<TerminalRecorder> {
  await fs.promises.mkdir(path.dirname(opts.file), { recursive: true, mode: 0o700 });
  // 'wx': never overwrite another session's recording; 0600: recordings may hold secrets.
  const out = fs.createWriteStream(opts.file, { flags: 'wx', mode: 0o600 });
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', reject);
  });
  const gzip = zlib.createGzip();
  let failed = false;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    opts.onError?.(err);
  };
  const done = pipeline(gzip, out).catch(fail);

  const started = performance.now();
  const outputText = new TextDecoder('utf-8');
  const inputText = new TextDecoder('utf-8');
  let closed = false;

  const write = (line: string) => {
    if (closed || failed || gzip.writableLength > MAX_PENDING_BYTES) return;
    gzip.write(`${line}\n`);
  };
  const event = (code: 'o' | 'i' | 'r', data: string) => {
    if (data === '') return;
    const seconds = Math.round((performance.now() - started) * 1000) / 1e6;
    write(JSON.stringify([seconds, code, data]));
  };

  write(
    JSON.stringify({
      version: 2,
      width: opts.cols,
      height: opts.rows,
      timestamp: Math.floor(opts.startedAt / 1000),
      env: { TERM: 'xterm-256color' },
    }),
  );
  return {
    output: (chunk) => event('o', outputText.decode(chunk, { stream: true })),
    input(data) {
      if (!opts.recordInput) return;
      event('i', typeof data === 'string' ? data : inputText.decode(data, { stream: true }));
    },
    resize: (cols, rows) => event('r', `${cols}x${rows}`),
    async close() {
      if (closed) return done;
      // An incomplete character at the very end becomes U+FFFD rather than being lost.
      event('o', outputText.decode());
      closed = true;
      if (!failed) gzip.end();
      return done;
    },
  };
}

/**
 * The decompressed recording as a stream. SECURITY: `file` must already be checked to lie inside
 * the recordings directory. A recording cut short (the console stopped mid-session) is read up to
 * its last complete block instead of failing.
 */
export function openCastStream(file: string): NodeJS.ReadableStream {
  const gunzip = zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const source = fs.createReadStream(file);
  source.once('error', (err) => gunzip.destroy(err));
  return source.pipe(gunzip);
}

/** The whole decompressed recording as text. */
export async function readCast(file: string): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of openCastStream(file)) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
