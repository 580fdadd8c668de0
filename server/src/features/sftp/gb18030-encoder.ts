/**
 * GB18030 encoding. Node decodes GB18030 (ICU) but has no encoder, so the table is built once,
 * on first use (about 0.1 s), by decoding every two- and four-byte sequence of the Basic
 * Multilingual Plane; code points beyond it follow GB18030's linear four-byte rule.
 */

let table: Map<number, readonly number[]> | undefined;

function buildTable(): Map<number, readonly number[]> {
  const decoder = new TextDecoder('gb18030', { fatal: true });
  const map = new Map<number, readonly number[]>();
  const learn = (bytes: number[]) => {
    let text: string;
    try {
      text = decoder.decode(new Uint8Array(bytes));
    } catch {
      return; // not a character
    }
    const cp = text.codePointAt(0)!;
    if (!map.has(cp)) map.set(cp, bytes); // the first sequence of a character is its encoding
  };
  for (let a = 0x81; a <= 0xfe; a++) {
    for (let b = 0x40; b <= 0xfe; b++) if (b !== 0x7f) learn([a, b]);
  }
  for (let a = 0x81; a <= 0x84; a++) {
    for (let b = 0x30; b <= 0x39; b++) {
      for (let c = 0x81; c <= 0xfe; c++) {
        for (let d = 0x30; d <= 0x39; d++) learn([a, b, c, d]);
      }
    }
  }
  return map;
}

/** Four bytes of a code point beyond U+FFFF: 0x90308130 counts up from U+10000. */
function supplementary(cp: number): number[] {
  let n = cp - 0x10000;
  const d = 0x30 + (n % 10);
  n = Math.floor(n / 10);
  const c = 0x81 + (n % 126);
  n = Math.floor(n / 126);
  const b = 0x30 + (n % 10);
  const a = 0x90 + Math.floor(n / 10);
  return [a, b, c, d];
}

/**
 * `text` as GB18030 bytes. Throws naming the first character GB18030 cannot hold (a lone
 * surrogate, or one of the few private-use characters it leaves out).
 */
export function encodeGb18030(text: string): Buffer {
  table ??= buildTable();
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) {
      out.push(cp);
      continue;
    }
    const bytes = cp > 0xffff ? supplementary(cp) : table.get(cp);
    if (!bytes) {
      throw new Error(
        `U+${cp.toString(16).toUpperCase().padStart(4, '0')} cannot be written in GB18030`,
      );
    }
    out.push(...bytes);
  }
  return Buffer.from(out);
}
