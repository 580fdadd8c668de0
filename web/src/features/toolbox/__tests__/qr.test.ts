import { describe, expect, it } from 'vitest';
import { checkQr, isQrSize, QR_MAX_BYTES } from '../utils/qr';

describe('checkQr', () => {
  it('accepts a link at the default 200 pixels', () => {
    expect(checkQr('https://example.com')).toEqual({ ok: true });
  });

  it.each(['', '   ', '\n\t'])('refuses the blank text %j as empty', (text) => {
    expect(checkQr(text)).toEqual({ ok: false, problem: 'empty' });
  });

  it('holds the largest text level M allows and refuses one byte more', () => {
    expect(checkQr('x'.repeat(QR_MAX_BYTES)).ok).toBe(true);
    expect(checkQr('x'.repeat(QR_MAX_BYTES + 1))).toEqual({
      ok: false,
      problem: 'tooLong',
      bytes: QR_MAX_BYTES + 1,
    });
  });

  it('counts the UTF-8 bytes of a text too long', () => {
    expect(checkQr('中'.repeat(800))).toEqual({ ok: false, problem: 'tooLong', bytes: 2400 });
  });

  it('holds more digits and capitals than bytes, as their denser modes allow', () => {
    expect(checkQr('7'.repeat(5596)).ok).toBe(true);
    expect(checkQr('7'.repeat(5597)).ok).toBe(false);
    expect(checkQr('A'.repeat(3391)).ok).toBe(true);
    expect(checkQr('A'.repeat(3392)).ok).toBe(false);
  });

  it.each([49, 1001, 200.5, Number.NaN])('refuses the size %d', (size) => {
    expect(checkQr('hello', size)).toEqual({ ok: false, problem: 'size' });
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
