import type { OutputPieceBytes } from '@ferry/contract';

type Stream = OutputPieceBytes['stream'];

/** Lines wait at most this long for others to join them in a frame… */
const MAX_WAIT_MS = 50;
/**
 * …and a frame carries about this many bytes at most: a page decodes a frame's text at once, and
 * smaller texts stay cheap young garbage there (`npm run bench:exec` measured 64 KiB best).
 */
const MAX_FRAME_BYTES = 64 * 1024;
/** A line longer than this is passed on in pieces rather than held whole. */
const MAX_LINE_BYTES = 64 * 1024;
/** Secrets shorter than this are not masked (they would mask ordinary words). */
const MIN_SECRET_CHARS = 4;
const NEWLINE = 0x0a;
const MASK = Buffer.from('***');

const maskable = (secrets: readonly string[]) =>
  secrets.filter((s) => s.length >= MIN_SECRET_CHARS);

/** Replaces every secret (of 4 characters or more) in a text by `***`. */
export function maskerOf(secrets: readonly string[]): (text: string) => string {
  const long = maskable(secrets);
  return (text) => long.reduce((t, s) => (t.includes(s) ? t.split(s).join('***') : t), text);
}

/** The same as `maskerOf`, on bytes: a buffer with no secret in it is returned as it is. */
export function byteMaskerOf(secrets: readonly string[]): (bytes: Buffer) => Buffer {
  const long = maskable(secrets).map((s) => Buffer.from(s, 'utf8'));
  return (bytes) => {
    for (const secret of long) {
      let at = bytes.indexOf(secret);
      if (at < 0) continue;
      const parts: Buffer[] = [];
      let from = 0;
      while (at >= 0) {
        parts.push(bytes.subarray(from, at), MASK);
        from = at + secret.length;
        at = bytes.indexOf(secret, from);
      }
      parts.push(bytes.subarray(from));
      bytes = Buffer.concat(parts);
    }
    return bytes;
  };
}

/**
 * Where to cut an over-long unfinished line so that no character is split and no secret straddles
 * the cut: `keep` bytes before the end (room for a secret the next chunk may complete), moved back
 * before the start of a secret that would cross it (once per secret, so a line of nothing but
 * overlapping copies of a secret still moves on).
 */
export function cutOfLongLine(line: Buffer, secrets: readonly Buffer[], keep: number): number {
  let cut = line.length - keep;
  for (const secret of secrets) {
    const at = line.indexOf(secret, Math.max(0, cut - secret.length + 1));
    if (at >= 0 && at < cut) cut = at;
  }
  // A UTF-8 character has at most 3 continuation bytes (10xxxxxx); none starts a piece.
  for (let i = 0; i < 3 && cut > 0 && (line[cut]! & 0xc0) === 0x80; i++) cut--;
  return cut;
}

/**
 * One server's output on its way to the hub and the record, as bytes (never decoded here):
 * stdout and stderr are cut into whole lines (each stream keeps its own unfinished line),
 * secrets are masked in every line, and lines are gathered into frames sent at most every
 * `MAX_WAIT_MS`. Lines keep the order in which they were completed. A cut between lines never
 * splits a UTF-8 character (a newline byte is never part of one), nor does the cut of an
 * over-long line, so every piece is whole text.
 */
export function createOutputStream(opts: {
  /** Values replaced by `***` wherever they appear (the server's stored secrets). */
  secrets: readonly string[];
  send: (output: OutputPieceBytes[]) => void;
  /** Every masked piece, in order, for the run's record. */
  record: (bytes: Buffer) => void;
  /** Bytes as they came from the server. */
  count: (bytes: number) => void;
}) {
  const mask = byteMaskerOf(opts.secrets);
  const secretBytes = maskable(opts.secrets).map((s) => Buffer.from(s, 'utf8'));
  const keep = Math.max(0, ...secretBytes.map((s) => s.length - 1));
  const partial: Record<Stream, Buffer> = { stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) };
  let pending: { stream: Stream; parts: Buffer[] }[] = [];
  let pendingBytes = 0;
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const out = pending;
    pending = [];
    pendingBytes = 0;
    opts.send(out);
  };
  const emit = (stream: Stream, bytes: Buffer) => {
    if (bytes.length === 0) return;
    const masked = mask(bytes);
    opts.record(masked);
    const last = pending[pending.length - 1];
    if (last?.stream === stream) last.parts.push(masked);
    else pending.push({ stream, parts: [masked] });
    pendingBytes += masked.length;
    if (pendingBytes >= MAX_FRAME_BYTES) flush();
    else timer ??= setTimeout(flush, MAX_WAIT_MS);
  };

  return {
    push(stream: Stream, chunk: Buffer): void {
      opts.count(chunk.length);
      let data = chunk;
      const before = partial[stream];
      if (before.length > 0) {
        // Only the held-over line is joined to its end; the chunk's other lines are not copied.
        const first = chunk.indexOf(NEWLINE) + 1;
        data = first > 0 ? chunk.subarray(first) : chunk;
        const line = Buffer.concat([before, first > 0 ? chunk.subarray(0, first) : chunk]);
        if (first > 0) emit(stream, line);
        else data = line;
      }
      const end = data.lastIndexOf(NEWLINE) + 1;
      if (end > 0) emit(stream, data.subarray(0, end));
      let rest = data.subarray(end);
      if (rest.length > MAX_LINE_BYTES) {
        const cut = cutOfLongLine(rest, secretBytes, keep);
        emit(stream, rest.subarray(0, cut));
        rest = rest.subarray(cut);
      }
      // A copy, so that a few bytes held over do not keep a whole chunk alive.
      partial[stream] = Buffer.from(rest);
    },
    /** Sends what is left, unfinished lines included; nothing is sent after this. */
    end(): void {
      for (const stream of ['stdout', 'stderr'] as const) {
        emit(stream, partial[stream]);
        partial[stream] = Buffer.alloc(0);
      }
      flush();
    },
  };
}
