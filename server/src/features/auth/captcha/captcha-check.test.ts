import { describe, expect, it } from 'vitest';

import { checkDots, DEFAULT_TOLERANCE } from './captcha-check.js';

const expected = [
  { x: 60, y: 50 },
  { x: 200, y: 120 },
  { x: 120, y: 180 },
];

describe('checkDots', () => {
  it('accepts exact clicks in order', () => {
    expect(checkDots(expected, [60, 50, 200, 120, 120, 180])).toBe(true);
  });

  it('accepts clicks within the tolerance, inclusive', () => {
    expect(DEFAULT_TOLERANCE).toBe(22);
    expect(checkDots(expected, [60 + 22, 50, 200, 120 - 22, 120 + 12, 180 + 12])).toBe(true);
  });

  it('rejects a click just outside the tolerance', () => {
    expect(checkDots(expected, [60 + 22.1, 50, 200, 120, 120, 180])).toBe(false);
    expect(checkDots(expected, [60, 50, 200, 120, 120 + 16, 180 + 16])).toBe(false);
  });

  it('honours a custom tolerance', () => {
    expect(checkDots(expected, [70, 50, 200, 120, 120, 180], 5)).toBe(false);
    expect(checkDots(expected, [70, 50, 200, 120, 120, 180], 10)).toBe(true);
  });

  it('rejects the right points in the wrong order', () => {
    expect(checkDots(expected, [200, 120, 60, 50, 120, 180])).toBe(false);
  });

  it('rejects too few, too many or an odd number of coordinates', () => {
    expect(checkDots(expected, [60, 50, 200, 120])).toBe(false);
    expect(checkDots(expected, [60, 50, 200, 120, 120, 180, 10, 10])).toBe(false);
    expect(checkDots(expected, [60, 50, 200, 120, 120])).toBe(false);
    expect(checkDots(expected, [])).toBe(false);
  });

  it('rejects NaN, infinite, negative and non-number coordinates', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, -1, '60', null, undefined, {}]) {
      expect(checkDots(expected, [bad, 50, 200, 120, 120, 180]), JSON.stringify(bad)).toBe(false);
    }
  });

  it('rejects a negative coordinate even when the centre is within tolerance of it', () => {
    expect(checkDots([{ x: 5, y: 5 }], [-1, 5])).toBe(false);
  });

  it('never passes an empty challenge or a non-array payload', () => {
    expect(checkDots([], [])).toBe(false);
    expect(checkDots(expected, '60,50,200,120,120,180' as unknown as number[])).toBe(false);
  });

  it('rejects a nonsensical tolerance', () => {
    expect(checkDots(expected, [60, 50, 200, 120, 120, 180], Number.NaN)).toBe(false);
    expect(checkDots(expected, [60, 50, 200, 120, 120, 180], -5)).toBe(false);
  });
});
