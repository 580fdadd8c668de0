/**
 * Verification of the clicks a user made on a captcha image.
 */
import type { CaptchaPoint } from './captcha-image.js';

/**
 * Default click tolerance in pixels: ~15px of slack plus roughly half a glyph (glyphs are
 * ~36px tall), so a click anywhere on the character counts while the 50px minimum spacing
 * between centres keeps neighbouring characters from being accepted by mistake.
 */
export const DEFAULT_TOLERANCE = 22;

function isValidCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * Checks the user's clicks against the expected character centres.
 *
 * @param expected - Character centres in click order, in image coordinates.
 * @param dots - Flat `[x1, y1, x2, y2, ...]` list as the client sends it, in image coordinates
 *   (the client must map from its displayed size back to the 300x220 viewBox).
 * @param tolerance - Maximum distance in pixels between a click and its expected centre.
 * @returns `true` only if there is exactly one click per expected point, every coordinate is a
 *   finite non-negative number, and each click lies within `tolerance` of the matching centre.
 */
export function checkDots(
  expected: readonly CaptchaPoint[],
  dots: readonly unknown[],
  tolerance: number = DEFAULT_TOLERANCE,
): boolean {
  // SECURITY: `dots` comes straight from the request body, so it is typed as unknown[] and
  // every element is validated; an empty challenge must never pass vacuously.
  if (expected.length === 0 || !Array.isArray(dots)) return false;
  if (!(Number.isFinite(tolerance) && tolerance > 0)) return false;
  if (dots.length !== expected.length * 2) return false;
  if (!dots.every(isValidCoordinate)) return false;
  return expected.every((point, i) => {
    const x = dots[2 * i] as number;
    const y = dots[2 * i + 1] as number;
    return Math.hypot(x - point.x, y - point.y) <= tolerance;
  });
}
