import { describe, expect, it } from 'vitest';

import { areConfusable, CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS } from './glyphs.js';

describe('glyphs', () => {
  it('covers 2-9 and A-Z without the ambiguous 0, O, 1, I', () => {
    const expected = [...'23456789ABCDEFGHJKLMNPQRSTUVWXYZ'];
    expect([...CAPTCHA_ALPHABET].sort()).toEqual(expected.sort());
    for (const ambiguous of ['0', 'O', '1', 'I']) expect(GLYPHS[ambiguous]).toBeUndefined();
  });

  it('gives every glyph at least one stroke of at least two points', () => {
    for (const ch of CAPTCHA_ALPHABET) {
      const glyph = GLYPHS[ch] ?? [];
      expect(glyph.length, ch).toBeGreaterThan(0);
      for (const stroke of glyph) expect(stroke.length, ch).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps every point inside the 10x14 grid', () => {
    for (const ch of CAPTCHA_ALPHABET) {
      for (const stroke of GLYPHS[ch] ?? []) {
        for (const [x, y] of stroke) {
          expect(x, ch).toBeGreaterThanOrEqual(0);
          expect(x, ch).toBeLessThanOrEqual(GLYPH_WIDTH);
          expect(y, ch).toBeGreaterThanOrEqual(0);
          expect(y, ch).toBeLessThanOrEqual(GLYPH_HEIGHT);
        }
      }
    }
  });

  it('has no two identical glyphs', () => {
    const shapes = CAPTCHA_ALPHABET.map((ch) => JSON.stringify(GLYPHS[ch]));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('treats look-alikes as confusable, symmetrically, but not a character with itself', () => {
    expect(areConfusable('5', 'S')).toBe(true);
    expect(areConfusable('S', '5')).toBe(true);
    expect(areConfusable('2', 'Z')).toBe(true);
    expect(areConfusable('A', 'K')).toBe(false);
    expect(areConfusable('A', 'A')).toBe(false);
  });
});
