import { failed } from '../../core/errors.js';
import { encodeGb18030 } from './gb18030-encoder.js';

/** The encodings a text file is read and written in. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' | 'latin1';

/** Control bytes that do not occur in text (tab, newlines, form feed, escape and BS aside). */
// eslint-disable-next-line no-control-regex
const BINARY_CONTROLS = /[\u0000-\u0007\u000e-\u001a\u001c-\u001f]/g;

/** More binary control characters than this share of the text: not text. */
const MAX_CONTROL_SHARE = 0.01;

const decode = (encoding: TextEncodingName, bytes: Uint8Array) => {
  // TextDecoder's "latin1" is Windows-1252; ISO 8859-1 maps every byte to the same code point.
  if (encoding === 'latin1') return Buffer.from(bytes).toString('latin1');
  try {
    // ignoreBOM keeps a byte order mark as U+FEFF, so writing the text back keeps it too.
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
};

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

function looksBinary(text: string): boolean {
  if (text.includes('\0')) return true;
  const controls = text.match(BINARY_CONTROLS)?.length ?? 0;
  return controls > text.length * MAX_CONTROL_SHARE;
}

const notText = (path: string) =>
  failed(`${path} is not a text file (it holds binary data)`, 'not_text');

/**
 * The text of a file and the encoding it was found in: a byte order mark names UTF-8 or UTF-16;
 * otherwise valid UTF-8 is UTF-8, then GB18030 is tried (Chinese servers' files), then Latin-1.
 * Binary content (NUL bytes, control characters, a broken UTF-16 file) is refused with code 2
 * `not_text`.
 */
export function decodeText(
  path: string,
  bytes: Uint8Array,
): { content: string; encoding: TextEncodingName } {
  const bom: [number[], TextEncodingName][] = [
    [[0xef, 0xbb, 0xbf], 'utf-8'],
    [[0xff, 0xfe], 'utf-16le'],
    [[0xfe, 0xff], 'utf-16be'],
  ];
  const marked = bom.find(([prefix]) => startsWith(bytes, prefix))?.[1];
  const tries: TextEncodingName[] = marked ? [marked] : ['utf-8', 'gb18030', 'latin1'];
  if (!marked && bytes.includes(0)) throw notText(path);
  for (const encoding of tries) {
    const content = decode(encoding, bytes);
    if (content === undefined) continue;
    if (looksBinary(content)) throw notText(path);
    return { content, encoding };
  }
  throw notText(path);
}

/** `content` as bytes of `encoding`; code 2 `not_encodable` naming what cannot be written. */
export function encodeText(path: string, content: string, encoding: TextEncodingName): Buffer {
  const refuse = (what: string) =>
    failed(`Cannot save ${path} as ${encoding}: ${what}`, 'not_encodable');
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(new TextEncoder().encode(content));
    case 'utf-16le':
      return Buffer.from(content, 'utf16le');
    case 'utf-16be':
      return Buffer.from(content, 'utf16le').swap16();
    case 'latin1': {
      for (const ch of content) {
        if (ch.codePointAt(0)! > 0xff)
          throw refuse(`${JSON.stringify(ch)} is not a Latin-1 character`);
      }
      return Buffer.from(content, 'latin1');
    }
    case 'gb18030':
      try {
        return encodeGb18030(content);
      } catch (err) {
        throw refuse((err as Error).message);
      }
  }
}
