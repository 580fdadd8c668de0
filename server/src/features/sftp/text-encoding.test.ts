import { describe, expect, it } from 'vitest';
import { encodeGb18030 } from './gb18030-encoder.js';
import { decodeText, encodeText } from './text-encoding.js';

const gb18030 = (bytes: number[]) => new TextDecoder('gb18030').decode(new Uint8Array(bytes));

describe('reading text files', () => {
  it('names the encoding a byte order mark or the bytes show', () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('plain ascii\n'), 'utf-8'],
      [Buffer.from('héllo wörld ✓\n'), 'utf-8'],
      [Buffer.from('\uFEFFmarked\n'), 'utf-8'],
      [Buffer.from('\uFEFFlittle ✓\n', 'utf16le'), 'utf-16le'],
      [Buffer.from('\uFEFFbig ✓\n', 'utf16le').swap16(), 'utf-16be'],
      [encodeGb18030('中文配置文件\n'), 'gb18030'],
      [Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'latin1'],
      [Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0x0a]), 'latin1'],
    ];
    for (const [bytes, encoding] of cases) {
      expect(decodeText('/f', bytes).encoding, bytes.toString('hex')).toBe(encoding);
    }
    expect(decodeText('/f', encodeGb18030('中文配置文件\n')).content).toBe('中文配置文件\n');
  });

  it('refuses binary content as not_text', () => {
    for (const bytes of [
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from('text with a \0 NUL'),
      Buffer.from([0xff, 0xfe, 0x41]), // UTF-16 marked, odd length
      Buffer.from('\x01\x02\x03\x04 mostly controls'),
    ]) {
      expect(() => decodeText('/bin', bytes)).toThrow(
        expect.objectContaining({ reason: 'not_text' }),
      );
    }
  });
});

describe('writing text files', () => {
  it('writes back exactly the bytes that were read', () => {
    for (const bytes of [
      Buffer.from('\uFEFFwith bom ✓\r\n'),
      Buffer.from('\uFEFFlittle ✓\n', 'utf16le'),
      Buffer.from('\uFEFFbig ✓\n', 'utf16le').swap16(),
      encodeGb18030('中文 €😀 ascii\n'),
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0x80, 0x0a]),
    ]) {
      const { content, encoding } = decodeText('/f', bytes);
      expect(encodeText('/f', content, encoding).equals(bytes), encoding).toBe(true);
    }
  });

  it('refuses characters the encoding cannot hold', () => {
    expect(() => encodeText('/f', 'naïve ✓', 'latin1')).toThrow(
      expect.objectContaining({ reason: 'not_encodable', message: expect.stringContaining('"✓"') }),
    );
    expect(() => encodeText('/f', 'lone \uD800', 'gb18030')).toThrow(
      expect.objectContaining({
        reason: 'not_encodable',
        message: expect.stringContaining('U+D800'),
      }),
    );
  });
});

describe('the GB18030 encoder', () => {
  it('agrees with the decoder on two-byte, four-byte and supplementary characters', () => {
    for (const text of ['中', '€', '\u00A5', '\u0080', '\uFFFF', '😀', '\u{10FFFF}', 'a中b']) {
      expect(gb18030([...encodeGb18030(text)]), text).toBe(text);
    }
    expect([...encodeGb18030('€')]).toEqual([0xa2, 0xe3]);
    expect([...encodeGb18030('\u{10000}')]).toEqual([0x90, 0x30, 0x81, 0x30]);
  });
});
