import { StringDecoder } from 'node:string_decoder';
import type { RemoteRunMessage } from '@ferry/contract';

type Piece = NonNullable<RemoteRunMessage['output']>[number];

/** Lines wait at most this long for others to join them in a frame… */
const MAX_WAIT_MS = 50;
/** …and a frame carries about this many characters at most. */
const MAX_FRAME_CHARS = 256 * 1024;
/** A line longer than this is passed on in pieces rather than held whole. */
const MAX_LINE_BYTES = 64 * 1024;

/** Replaces every secret (of 4 characters or more) in a text by `***`. */
export function maskerOf(secrets: readonly string[]): (text: string) => string {
  const long = secrets.filter((s) => s.length >= 4);
  return (text) => long.reduce((t, s) => (t.includes(s) ? t.split(s).join('***') : t), text);
}

/**
 * One server's output on its way to the hub and the record: stdout and stderr are cut into whole
 * lines (each stream keeps its own unfinished line), secrets are masked in every line, and lines
 * are gathered into frames sent at most every `MAX_WAIT_MS`. Lines keep the order in which they
 * were completed.
 */
export function createOutputStream(opts: {
  /** Values replaced by `***` wherever they appear (the server's stored secrets). */
  secrets: readonly string[];
  send: (output: Piece[]) => void;
  /** Every masked piece, in order, for the run's record. */
  record: (text: string) => void;
  /** Bytes as they came from the server. */
  count: (bytes: number) => void;
}) {
  const mask = maskerOf(opts.secrets);
  const partial = { stdout: '', stderr: '' };
  // A character cut between two chunks is decoded once both halves came.
  const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  let pending: Piece[] = [];
  let pendingChars = 0;
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const out = pending;
    pending = [];
    pendingChars = 0;
    opts.send(out);
  };
  const emit = (stream: Piece['stream'], text: string) => {
    const masked = mask(text);
    opts.record(masked);
    const last = pending[pending.length - 1];
    if (last?.stream === stream) last.text += masked;
    else pending.push({ stream, text: masked });
    pendingChars += masked.length;
    if (pendingChars >= MAX_FRAME_CHARS) flush();
    else timer ??= setTimeout(flush, MAX_WAIT_MS);
  };

  return {
    push(stream: Piece['stream'], chunk: Buffer): void {
      opts.count(chunk.length);
      const text = partial[stream] + decoders[stream].write(chunk);
      const end = text.lastIndexOf('\n') + 1;
      if (end > 0) emit(stream, text.slice(0, end));
      let rest = text.slice(end);
      if (rest.length > MAX_LINE_BYTES) {
        emit(stream, rest);
        rest = '';
      }
      partial[stream] = rest;
    },
    /** Sends what is left, unfinished lines included; nothing is sent after this. */
    end(): void {
      for (const stream of ['stdout', 'stderr'] as const) {
        const rest = partial[stream] + decoders[stream].end();
        if (rest) emit(stream, rest);
        partial[stream] = '';
      }
      flush();
    },
  };
}
