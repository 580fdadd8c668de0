import { describe, expect, it } from 'vitest';

import {
  cryptoRng,
  EDGE_MARGIN,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  MIN_CENTRE_DISTANCE,
  pickCharacters,
  renderCaptcha,
} from './captcha-image.js';
import type { CaptchaPoint, Rng } from './captcha-image.js';
import { areConfusable } from './glyphs.js';

/** mulberry32: a tiny deterministic PRNG, for tests only. */
function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STROKES = { K: 3, '7': 1, A: 2 } as const;

function distance(a: CaptchaPoint, b: CaptchaPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Groups the full-strength glyph strokes by colour (each glyph gets its own colour). */
function glyphsByColour(svg: string): { centre: CaptchaPoint; strokes: number }[] {
  const groups = new Map<string, { xs: number[]; ys: number[]; strokes: number }>();
  for (const m of svg.matchAll(
    /<path d="([^"]+)" fill="none" stroke="(#[0-9a-f]{6})" stroke-width="3.2"/g,
  )) {
    const [, d = '', colour = ''] = m;
    const group = groups.get(colour) ?? { xs: [], ys: [], strokes: 0 };
    const nums = d.split(/[ML ]/).filter(Boolean).map(Number);
    nums.forEach((n, i) => (i % 2 === 0 ? group.xs : group.ys).push(n));
    group.strokes += 1;
    groups.set(colour, group);
  }
  return [...groups.values()].map((g) => ({
    centre: {
      x: (Math.min(...g.xs) + Math.max(...g.xs)) / 2,
      y: (Math.min(...g.ys) + Math.max(...g.ys)) / 2,
    },
    strokes: g.strokes,
  }));
}

function pathCount(svg: string): number {
  return svg.match(/<path /g)?.length ?? 0;
}

describe('renderCaptcha', () => {
  const chars = ['A', '7', 'K', 'P'];

  it('draws characters as paths only, never as text', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { svg, thumbSvg } = renderCaptcha(chars, seededRng(seed));
      expect(svg).not.toMatch(/<text/i);
      expect(thumbSvg).not.toMatch(/<text/i);
      expect(svg.startsWith('<svg ')).toBe(true);
      expect(svg).toContain('viewBox="0 0 300 220"');
      expect(thumbSvg).toContain('viewBox="0 0 150 40"');
      // A, 7, K, P have 2 + 1 + 3 + 1 strokes; the thumbnail draws exactly those.
      expect(pathCount(thumbSvg)).toBe(7);
      // The main image adds at least one decoy and some noise curves on top.
      expect(pathCount(svg)).toBeGreaterThan(7);
    }
  });

  it('returns one point per target, in bounds and pairwise at least 50px apart', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { points } = renderCaptcha(chars, seededRng(seed));
      expect(points).toHaveLength(chars.length);
      assertLayout(points);
    }
  });

  it('returns points in click order: point i is the centre of chars[i]', () => {
    // K, 7 and A have 3, 1 and 2 strokes, so a glyph is identified by its stroke count.
    for (const order of [
      ['K', '7', 'A'],
      ['A', 'K', '7'],
      ['7', 'A', 'K'],
    ]) {
      for (let seed = 1; seed <= 20; seed++) {
        const { svg, points } = renderCaptcha(order, seededRng(seed));
        const glyphs = glyphsByColour(svg);
        points.forEach((p, i) => {
          const nearest = [...glyphs].sort(
            (a, b) => distance(a.centre, p) - distance(b.centre, p),
          )[0];
          expect(distance(nearest?.centre ?? { x: -1e9, y: 0 }, p)).toBeLessThan(15); // bbox centre of a rotated glyph drifts a little
          expect(nearest?.strokes).toBe(STROKES[order[i] as keyof typeof STROKES]);
        });
      }
    }
  });

  it('is deterministic for a given seed and varies between seeds', () => {
    expect(renderCaptcha(chars, seededRng(42))).toEqual(renderCaptcha(chars, seededRng(42)));
    expect(renderCaptcha(chars, seededRng(42)).svg).not.toBe(
      renderCaptcha(chars, seededRng(43)).svg,
    );
  });

  it('works with the default crypto RNG', () => {
    const { points, svg } = renderCaptcha(chars);
    expect(points).toHaveLength(4);
    assertLayout(points);
    expect(svg).not.toMatch(/<text/i);
  });

  it('rejects empty, duplicated, oversized or unknown character lists', () => {
    expect(() => renderCaptcha([])).toThrow();
    expect(() => renderCaptcha(['A', 'A'])).toThrow();
    expect(() => renderCaptcha(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toThrow();
    expect(() => renderCaptcha(['O'])).toThrow();
    expect(() => renderCaptcha(['a'])).toThrow();
  });
});

describe('pickCharacters', () => {
  it('picks distinct, mutually distinguishable characters that avoid the given ones', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const avoid = ['S', '8'];
      const picked = pickCharacters(6, seededRng(seed), avoid);
      expect(new Set(picked).size).toBe(6);
      for (const a of [...picked, ...avoid]) {
        for (const b of picked) if (a !== b) expect(areConfusable(a, b), `${a}/${b}`).toBe(false);
      }
      expect(picked).not.toContain('5');
      expect(picked).not.toContain('B');
    }
  });

  it('uses the crypto RNG by default and returns numbers in [0, 1)', () => {
    expect(pickCharacters(4)).toHaveLength(4);
    for (let i = 0; i < 1000; i++) {
      const r = cryptoRng();
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(1);
    }
  });
});

function assertLayout(points: readonly CaptchaPoint[]): void {
  for (const p of points) {
    expect(p.x).toBeGreaterThanOrEqual(Math.max(25, EDGE_MARGIN));
    expect(p.x).toBeLessThanOrEqual(IMAGE_WIDTH - Math.max(25, EDGE_MARGIN));
    expect(p.y).toBeGreaterThanOrEqual(Math.max(25, EDGE_MARGIN));
    expect(p.y).toBeLessThanOrEqual(IMAGE_HEIGHT - Math.max(25, EDGE_MARGIN));
  }
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i] as CaptchaPoint;
      const b = points[j] as CaptchaPoint;
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(MIN_CENTRE_DISTANCE);
    }
  }
}
