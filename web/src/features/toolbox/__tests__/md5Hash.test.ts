import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5OfBlob, md5OfText } from '../utils/md5Hash';

const md5 = (data: string | Uint8Array) => createHash('md5').update(data).digest('hex');

describe('md5OfText', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['中文', md5(Buffer.from('中文', 'utf8'))],
    ['emoji 😀', md5(Buffer.from('emoji 😀', 'utf8'))],
  ])('hashes the UTF-8 bytes of %j', (text, hex) => {
    expect(md5OfText(text)).toBe(hex);
  });

  it('does not throw on a lone surrogate', () => {
    expect(md5OfText('\ud800')).toBe(md5(Buffer.from('\ufffd', 'utf8')));
  });
});

describe('md5OfBlob', () => {
  const bytes = new Uint8Array(5 * 1024 * 1024 + 123).map((_, i) => (i * 31) % 251);

  it('hashes a file chunk by chunk and reports the bytes read', async () => {
    const seen: number[] = [];
    const hex = await md5OfBlob(new Blob([bytes]), { onProgress: (n) => seen.push(n) });
    expect(hex).toBe(md5(bytes));
    expect(seen).toEqual([2 * 1024 * 1024, 4 * 1024 * 1024, bytes.length]);
  });

  it('hashes an empty file', async () => {
    expect(await md5OfBlob(new Blob([]))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const run = md5OfBlob(new Blob([bytes]), {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('cancelled')),
    });
    await expect(run).rejects.toThrow('cancelled');
  });
});
