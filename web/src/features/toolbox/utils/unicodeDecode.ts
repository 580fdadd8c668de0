export interface UnicodeDecodeResult {
  text: string;
  /** How many `\u` escapes could not be read (left in the text as they were). */
  failed: number;
}

const HEX4 = /^[0-9a-fA-F]{4}$/;
const BRACED = /^\{([0-9a-fA-F]{1,6})\}/;
const MAX_CODE_POINT = 0x10ffff;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

interface Escape {
  /** The decoded text, or undefined when the escape cannot be read. */
  decoded?: string;
  /** How many characters of the input the escape (or the unread `\u`) spans. */
  length: number;
}

/** A `\uXXXX` code unit at `at` (which holds the backslash), if four hex digits follow. */
function unitAt(text: string, at: number): number | undefined {
  if (text.charAt(at) !== '\\' || text.charAt(at + 1) !== 'u') return undefined;
  const hex = text.slice(at + 2, at + 6);
  return HEX4.test(hex) ? parseInt(hex, 16) : undefined;
}

/** Reads the escape starting at `at` (a backslash followed by `u`). */
function readEscape(text: string, at: number): Escape {
  const braced = BRACED.exec(text.slice(at + 2, at + 11));
  if (braced) {
    const code = parseInt(braced[1] as string, 16);
    const length = 2 + braced[0].length;
    // A surrogate alone is not a character: writing it out would give broken text.
    const ok = code <= MAX_CODE_POINT && !isHighSurrogate(code) && !isLowSurrogate(code);
    return ok ? { decoded: String.fromCodePoint(code), length } : { length: 2 };
  }
  const unit = unitAt(text, at);
  if (unit === undefined || isLowSurrogate(unit)) return { length: 2 };
  if (!isHighSurrogate(unit)) return { decoded: String.fromCharCode(unit), length: 6 };
  const low = unitAt(text, at + 6);
  if (low === undefined || !isLowSurrogate(low)) return { length: 2 };
  return { decoded: String.fromCharCode(unit, low), length: 12 };
}

/**
 * Decodes `\uXXXX` (any case; a high and a low surrogate combine into one character) and
 * `\u{X…}` (up to 10FFFF) escapes. Escapes that cannot be read, lone surrogates included, stay as
 * written and are counted. Everything else is kept as it is; it never throws.
 */
export function decodeUnicodeEscapes(text: string): UnicodeDecodeResult {
  let out = '';
  let failed = 0;
  let from = 0;
  for (let at = text.indexOf('\\u'); at !== -1; at = text.indexOf('\\u', from)) {
    const escape = readEscape(text, at);
    out += text.slice(from, at);
    if (escape.decoded === undefined) {
      failed++;
      out += text.slice(at, at + escape.length);
    } else {
      out += escape.decoded;
    }
    from = at + escape.length;
  }
  return { text: out + text.slice(from), failed };
}
