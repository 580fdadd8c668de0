export type UriDecodeResult =
  | { ok: true; text: string }
  | {
      ok: false;
      /** 1-based position of the `%` that starts the bad sequence. */
      position: number;
      /** The bad sequence as written. */
      sequence: string;
      /** `notHex`: `%` without two hex digits; `notUtf8`: bytes that are not UTF-8 text. */
      reason: 'notHex' | 'notUtf8';
    };

const PERCENT_RUN = /^(?:%[0-9a-fA-F]{2})+/;

/**
 * Decodes percent escapes like `decodeURIComponent`, but says where the input is malformed
 * instead of throwing. `+` stays `+` unless `plusAsSpace` (form encoding) is set; an encoded
 * `%2B` is always a plus.
 */
export function decodeUri(input: string, plusAsSpace = false): UriDecodeResult {
  const text = plusAsSpace ? input.replaceAll('+', ' ') : input;
  let out = '';
  let from = 0;
  for (let at = text.indexOf('%'); at !== -1; at = text.indexOf('%', from)) {
    out += text.slice(from, at);
    const run = PERCENT_RUN.exec(text.slice(at))?.[0];
    if (!run) {
      return { ok: false, position: at + 1, sequence: text.slice(at, at + 3), reason: 'notHex' };
    }
    const decoded = decodeRun(run);
    if (!decoded.ok) {
      const sequence = run.slice(decoded.offset, decoded.offset + decoded.length);
      return { ok: false, position: at + decoded.offset + 1, sequence, reason: 'notUtf8' };
    }
    out += decoded.text;
    from = at + run.length;
  }
  return { ok: true, text: out + text.slice(from) };
}

type RunResult = { ok: true; text: string } | { ok: false; offset: number; length: number };

/** Bytes a UTF-8 character takes, from its first byte; 0 for a byte that cannot start one. */
function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Decodes a run of `%XX` escapes character by character, to point at the first bad one. */
function decodeRun(run: string): RunResult {
  let text = '';
  for (let offset = 0; offset < run.length;) {
    const need = Math.max(utf8Length(parseInt(run.slice(offset + 1, offset + 3), 16)), 1);
    const piece = run.slice(offset, offset + need * 3);
    try {
      if (piece.length < need * 3) throw new URIError('truncated');
      text += decodeURIComponent(piece);
    } catch {
      return { ok: false, offset, length: piece.length };
    }
    offset += need * 3;
  }
  return { ok: true, text };
}
