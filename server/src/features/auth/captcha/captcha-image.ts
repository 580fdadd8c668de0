/**
 * SVG renderer for the "click the characters in order" captcha.
 *
 * The main image shows the target characters plus one or two decoys, scattered, rotated and
 * scaled; the thumbnail shows the targets upright, in the order they must be clicked.
 */
import { randomBytes } from 'node:crypto';

import { areConfusable, CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS } from './glyphs.js';
import type { Glyph } from './glyphs.js';

/** A random source returning numbers in `[0, 1)`. Injectable so tests can be deterministic. */
export type Rng = () => number;

/** A position in image coordinates (pixels of the 300x220 viewBox). */
export interface CaptchaPoint {
  x: number;
  y: number;
}

/** Output of {@link renderCaptcha}. */
export interface CaptchaImage {
  /** The 300x220 challenge image. */
  svg: string;
  /** The 150x40 strip showing the target characters in click order. */
  thumbSvg: string;
  /** Centres of the target characters in image coordinates, in click order. */
  points: CaptchaPoint[];
}

/**
 * Default RNG backed by `node:crypto`.
 *
 * SECURITY: layout, decoys and character choice must be unpredictable, or a bot could replay
 * the generator instead of solving the image. Never use a seeded PRNG outside of tests.
 */
export const cryptoRng: Rng = () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48;

/** Width of the main image, in pixels. */
export const IMAGE_WIDTH = 300;
/** Height of the main image, in pixels. */
export const IMAGE_HEIGHT = 220;
/** Width of the thumbnail, in pixels. */
export const THUMB_WIDTH = 150;
/** Height of the thumbnail, in pixels. */
export const THUMB_HEIGHT = 40;
/** Minimum distance between two character centres, in pixels. */
export const MIN_CENTRE_DISTANCE = 50;
/**
 * Minimum distance from a character centre to the image edge. The brief asks for 25px; a
 * 1.3x-scaled glyph rotated by 30 degrees reaches ~29px from its centre, so 30 keeps it whole.
 */
export const EDGE_MARGIN = 30;
/** Most target characters one image supports (the fallback layout has 8 slots, 2 are decoys). */
export const MAX_TARGETS = 6;

// ~36px tall at scale 1, per the legibility target.
const MAIN_UNIT = 36 / GLYPH_HEIGHT;
const THUMB_UNIT = 28 / GLYPH_HEIGHT;
const MAX_ROTATION_DEG = 30;
const MIN_SCALE = 0.9;
const MAX_SCALE = 1.3;
// Jitter in grid units: enough that no two renders of a glyph share coordinates, small
// enough that the shape stays clean.
const VERTEX_JITTER = 0.3;
const LAYOUT_RESTARTS = 20;
const PLACEMENT_TRIES = 100;

// Every colour has >= 3.5:1 contrast against both white and black (WCAG non-text minimum is
// 3:1), because the image background is translucent and sits on either page theme.
const PALETTE = ['#d9480f', '#1c7ed6', '#2b9348', '#9b5de5', '#d6336c', '#0c8599'] as const;
const THUMB_COLOUR = '#888888';

interface Placement {
  glyph: Glyph;
  centre: CaptchaPoint;
  rotationDeg: number;
  unit: number;
  colour: string;
  strokeWidth: number;
}

/** Random number in `[min, max)`. */
function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

/** Random integer in `[0, n)`; clamps in case an injected RNG ever returns exactly 1. */
function randomIndex(rng: Rng, n: number): number {
  return Math.min(n - 1, Math.floor(rng() * n));
}

function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Picks `count` distinct characters from the captcha alphabet such that none is confusable
 * with another pick or with any character in `avoid` (and none is in `avoid`).
 *
 * @throws if the alphabet cannot supply that many mutually distinguishable characters.
 */
export function pickCharacters(
  count: number,
  rng: Rng = cryptoRng,
  avoid: readonly string[] = [],
): string[] {
  const picked: string[] = [];
  const taken = [...avoid];
  for (const ch of shuffle(CAPTCHA_ALPHABET, rng)) {
    if (picked.length === count) break;
    if (taken.some((other) => other === ch || areConfusable(other, ch))) continue;
    picked.push(ch);
    taken.push(ch);
  }
  if (picked.length < count) throw new Error(`cannot pick ${count} distinguishable characters`);
  return picked;
}

function isFarFromAll(p: CaptchaPoint, others: readonly CaptchaPoint[]): boolean {
  return others.every((o) => Math.hypot(o.x - p.x, o.y - p.y) >= MIN_CENTRE_DISTANCE);
}

function randomCentre(rng: Rng, existing: readonly CaptchaPoint[]): CaptchaPoint | null {
  for (let i = 0; i < PLACEMENT_TRIES; i++) {
    // Rounded before the distance check so the published points satisfy it exactly.
    const p = {
      x: round1(between(rng, EDGE_MARGIN, IMAGE_WIDTH - EDGE_MARGIN)),
      y: round1(between(rng, EDGE_MARGIN, IMAGE_HEIGHT - EDGE_MARGIN)),
    };
    if (isFarFromAll(p, existing)) return p;
  }
  return null;
}

function tryRandomLayout(count: number, rng: Rng): CaptchaPoint[] | null {
  const centres: CaptchaPoint[] = [];
  for (let i = 0; i < count; i++) {
    const p = randomCentre(rng, centres);
    if (!p) return null;
    centres.push(p);
  }
  return centres;
}

/**
 * Last resort when rejection sampling keeps failing (astronomically unlikely for <= 8 glyphs):
 * a 4x2 grid of slots 60px/80px apart with +-4px jitter, which always keeps >= 52px spacing.
 */
function gridLayout(count: number, rng: Rng): CaptchaPoint[] {
  const slots: CaptchaPoint[] = [];
  const cellW = (IMAGE_WIDTH - 2 * EDGE_MARGIN) / 4;
  const cellH = (IMAGE_HEIGHT - 2 * EDGE_MARGIN) / 2;
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 4; col++) {
      slots.push({
        x: round1(EDGE_MARGIN + (col + 0.5) * cellW + between(rng, -4, 4)),
        y: round1(EDGE_MARGIN + (row + 0.5) * cellH + between(rng, -4, 4)),
      });
    }
  }
  return shuffle(slots, rng).slice(0, count);
}

function layoutCentres(count: number, rng: Rng): CaptchaPoint[] {
  for (let attempt = 0; attempt < LAYOUT_RESTARTS; attempt++) {
    const centres = tryRandomLayout(count, rng);
    if (centres) return centres;
  }
  return gridLayout(count, rng);
}

/** Converts one glyph into absolute-coordinate path data, one `M…L…` run per stroke. */
function glyphPathData(p: Placement, rng: Rng): string[] {
  const rad = (p.rotationDeg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return p.glyph.map((stroke) =>
    stroke
      .map(([gx, gy], i) => {
        // Centre the grid on the origin, jitter, scale, rotate, then move into place.
        const lx = (gx - GLYPH_WIDTH / 2 + between(rng, -VERTEX_JITTER, VERTEX_JITTER)) * p.unit;
        const ly = (gy - GLYPH_HEIGHT / 2 + between(rng, -VERTEX_JITTER, VERTEX_JITTER)) * p.unit;
        const x = round1(p.centre.x + lx * cos - ly * sin);
        const y = round1(p.centre.y + lx * sin + ly * cos);
        return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
      })
      .join(''),
  );
}

function glyphPaths(p: Placement, rng: Rng): string[] {
  return glyphPathData(p, rng).map(
    (d) =>
      `<path d="${d}" fill="none" stroke="${p.colour}" stroke-width="${p.strokeWidth}" ` +
      'stroke-linecap="round" stroke-linejoin="round"/>',
  );
}

function background(width: number, height: number): string {
  // Translucent neutral grey so the image reads on both light and dark page themes.
  return (
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#808080" stop-opacity="0.08"/>' +
    '<stop offset="1" stop-color="#808080" stop-opacity="0.18"/></linearGradient></defs>' +
    `<rect width="${width}" height="${height}" rx="6" fill="url(#bg)"/>`
  );
}

function noiseCurve(rng: Rng): string {
  const y = (): number => round1(between(rng, 0, IMAGE_HEIGHT));
  const x = (from: number, to: number): number => round1(between(rng, from, to));
  const d =
    `M${x(-10, 40)} ${y()}C${x(60, 140)} ${y()} ${x(160, 240)} ${y()} ` + `${x(260, 310)} ${y()}`;
  const colour = PALETTE[randomIndex(rng, PALETTE.length)] ?? THUMB_COLOUR;
  const width = round1(between(rng, 1, 2));
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-opacity="0.35"/>`;
}

function noiseDots(rng: Rng, count: number): string[] {
  return Array.from({ length: count }, () => {
    const cx = round1(between(rng, 0, IMAGE_WIDTH));
    const cy = round1(between(rng, 0, IMAGE_HEIGHT));
    const r = round1(between(rng, 0.8, 2));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#808080" fill-opacity="0.35"/>`;
  });
}

function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${body}</svg>`
  );
}

function validateTargets(chars: readonly string[]): void {
  if (chars.length === 0 || chars.length > MAX_TARGETS) {
    throw new Error(`captcha needs 1..${MAX_TARGETS} characters, got ${chars.length}`);
  }
  if (new Set(chars).size !== chars.length) throw new Error('captcha characters must be distinct');
  for (const ch of chars) {
    if (!Object.hasOwn(GLYPHS, ch)) {
      throw new Error(`no glyph for captcha character ${JSON.stringify(ch)}`);
    }
  }
}

function mainPlacements(all: readonly string[], rng: Rng): Placement[] {
  const centres = layoutCentres(all.length, rng);
  const colours = shuffle(PALETTE, rng);
  return all.map((ch, i) => ({
    glyph: GLYPHS[ch] ?? [],
    centre: centres[i] ?? { x: 0, y: 0 },
    rotationDeg: between(rng, -MAX_ROTATION_DEG, MAX_ROTATION_DEG),
    unit: MAIN_UNIT * between(rng, MIN_SCALE, MAX_SCALE),
    colour: colours[i % colours.length] ?? THUMB_COLOUR,
    strokeWidth: 3.2,
  }));
}

function renderMain(placements: readonly Placement[], rng: Rng): string {
  const noise = Array.from({ length: 3 + randomIndex(rng, 3) }, () => noiseCurve(rng));
  // SECURITY: the paths of all glyphs (targets and decoys) are shuffled together so document
  // order reveals neither which characters are targets nor the click order. A determined bot
  // can still rasterise or parse the vectors; this raises cost, it does not make it impossible.
  const strokes = shuffle(
    placements.flatMap((p) => glyphPaths(p, rng)),
    rng,
  );
  const body = [background(IMAGE_WIDTH, IMAGE_HEIGHT), ...noise, ...noiseDots(rng, 40), ...strokes];
  return svgDocument(IMAGE_WIDTH, IMAGE_HEIGHT, body.join(''));
}

function renderThumb(chars: readonly string[], rng: Rng): string {
  const slot = THUMB_WIDTH / chars.length;
  const strokes = chars.flatMap((ch, i) =>
    glyphPaths(
      {
        glyph: GLYPHS[ch] ?? [],
        centre: { x: slot * (i + 0.5), y: THUMB_HEIGHT / 2 },
        rotationDeg: between(rng, -8, 8),
        unit: THUMB_UNIT,
        colour: THUMB_COLOUR,
        strokeWidth: 2.4,
      },
      rng,
    ),
  );
  return svgDocument(
    THUMB_WIDTH,
    THUMB_HEIGHT,
    background(THUMB_WIDTH, THUMB_HEIGHT) + strokes.join(''),
  );
}

/**
 * Renders a captcha challenge for the given target characters.
 *
 * One or two decoy characters are added at full strength so the user has to choose; decoys are
 * never confusable with a target. Characters are drawn only as `<path>` strokes, never `<text>`.
 *
 * @param chars - Target characters in click order; distinct, 1..{@link MAX_TARGETS}, from
 *   {@link CAPTCHA_ALPHABET}. Use {@link pickCharacters} to choose them.
 * @param rng - Random source; defaults to {@link cryptoRng}. Inject a seeded one only in tests.
 * @throws on an empty, oversized, duplicated or unknown character list (programmer error).
 */
export function renderCaptcha(chars: readonly string[], rng: Rng = cryptoRng): CaptchaImage {
  validateTargets(chars);
  const decoys = pickCharacters(1 + randomIndex(rng, 2), rng, chars);
  const placements = mainPlacements([...chars, ...decoys], rng);
  return {
    svg: renderMain(placements, rng),
    thumbSvg: renderThumb(chars, rng),
    points: placements.slice(0, chars.length).map((p) => ({ ...p.centre })),
  };
}
