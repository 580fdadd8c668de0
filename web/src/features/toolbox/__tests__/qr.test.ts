import { describe, expect, it } from 'vitest';
import { isQrSize, makeQr, QR_MAX_BYTES } from '../utils/qr';

/** The width of a PNG data URL's image, read from its IHDR chunk. */
function pngWidth(dataUrl: string): number {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
  return new DataView(bytes.buffer).getUint32(16);
}

describe('makeQr', () => {
  it('draws a PNG of the default 200 pixels', async () => {
    const result = await makeQr('https://example.com');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.dataUrl).toMatch(/^data:image\/png;base64,/);
      expect(pngWidth(result.dataUrl)).toBe(200);
    }
  });

  it('draws the size asked for', async () => {
    const result = await makeQr('hello', 320);
    expect(result.ok && pngWidth(result.dataUrl)).toBe(320);
  });

  it.each(['', '   ', '\n\t'])('refuses the blank text %j as empty', async (text) => {
    expect(await makeQr(text)).toEqual({ ok: false, problem: 'empty' });
  });

  it('holds the largest text level M allows and refuses one byte more', async () => {
    expect((await makeQr('x'.repeat(QR_MAX_BYTES))).ok).toBe(true);
    expect(await makeQr('x'.repeat(QR_MAX_BYTES + 1))).toEqual({
      ok: false,
      problem: 'tooLong',
      bytes: QR_MAX_BYTES + 1,
    });
  });

  it('counts the UTF-8 bytes of a text too long', async () => {
    expect(await makeQr('中'.repeat(800))).toEqual({ ok: false, problem: 'tooLong', bytes: 2400 });
  });

  it.each([49, 1001, 200.5, Number.NaN])('refuses the size %d', async (size) => {
    expect(await makeQr('hello', size)).toEqual({ ok: false, problem: 'size' });
  });
});

describe('isQrSize', () => {
  it.each([
    [50, true],
    [1000, true],
    [49, false],
    [null, false],
  ])('answers %j with %j', (size, ok) => {
    expect(isQrSize(size)).toBe(ok);
  });
});
