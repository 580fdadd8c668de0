/**
 * A tiny stroke font for the click-in-order captcha.
 *
 * Glyphs are drawn as polylines instead of `<text>` so the characters never appear in the SVG
 * markup as text, and so rendering does not depend on whatever fonts the client has installed.
 */

/** Width of the glyph design grid, in grid units. */
export const GLYPH_WIDTH = 10;

/** Height of the glyph design grid, in grid units. */
export const GLYPH_HEIGHT = 14;

/** A point on the glyph grid: `[x, y]`, with `0 <= x <= 10` and `0 <= y <= 14` (y grows down). */
export type GlyphPoint = readonly [number, number];

/** One pen stroke: an open (or explicitly closed) polyline of at least two points. */
export type GlyphStroke = readonly GlyphPoint[];

/** All strokes making up one character. */
export type Glyph = readonly GlyphStroke[];

// 0/O and 1/I are left out on purpose: they are indistinguishable in a plain stroke font,
// and the user must be able to match the thumbnail to the image without guessing.
// The tables are exempt from Prettier, which would put every [x, y] pair on its own line and
// make the shapes impossible to read or review.
// prettier-ignore
const DIGITS: Record<string, Glyph> = {
  '2': [[[0, 3], [1, 1], [3, 0], [7, 0], [9, 1], [10, 3], [10, 5], [9, 7], [0, 14], [10, 14]]],
  '3': [
    [[0, 1.5], [2, 0], [7, 0], [9, 1], [10, 3], [9, 5.5], [7, 6.5], [4, 6.5]],
    [[7, 6.5], [9, 7.5], [10, 10], [9, 13], [7, 14], [3, 14], [0, 12.5]],
  ],
  '4': [[[7, 14], [7, 0], [0, 10], [10, 10]]],
  '5': [
    [[10, 0], [1, 0], [0, 6.5], [3, 5.5], [7, 5.5], [9, 6.5], [10, 9], [9, 12.5], [7, 14]],
    [[7, 14], [3, 14], [0, 12.5]],
  ],
  '6': [
    [[9, 1], [7, 0], [4, 0], [2, 1], [0, 4], [0, 10], [1, 13], [3, 14], [7, 14], [9, 13]],
    [[9, 13], [10, 11], [10, 9], [9, 7], [7, 6], [3, 6], [1, 7], [0, 9]],
  ],
  '7': [[[0, 0], [10, 0], [4, 14]]],
  '8': [
    [[5, 6.5], [2, 5.5], [1, 3.5], [2, 1], [5, 0], [8, 1], [9, 3.5], [8, 5.5], [5, 6.5]],
    [[5, 6.5], [1, 8], [0, 10.5], [1, 13], [5, 14], [9, 13], [10, 10.5], [9, 8], [5, 6.5]],
  ],
  '9': [
    [[1, 13], [3, 14], [6, 14], [8, 13], [10, 10], [10, 4], [9, 1], [7, 0], [3, 0], [1, 1]],
    [[1, 1], [0, 3], [0, 5], [1, 7], [3, 8], [7, 8], [9, 7], [10, 5]],
  ],
};

// prettier-ignore
const LETTERS_A_TO_M: Record<string, Glyph> = {
  A: [
    [[0, 14], [5, 0], [10, 14]],
    [[2, 9], [8, 9]],
  ],
  B: [
    [[0, 7], [6, 7], [8, 6], [9, 3.5], [8, 1], [6, 0], [0, 0], [0, 14], [7, 14], [9, 13]],
    [[9, 13], [10, 10.5], [9, 8], [6, 7]],
  ],
  C: [[[10, 2], [8, 0], [3, 0], [1, 1.5], [0, 4], [0, 10], [1, 12.5], [3, 14], [8, 14], [10, 12]]],
  D: [[[0, 0], [0, 14], [5, 14], [8, 13], [10, 10], [10, 4], [8, 1], [5, 0], [0, 0]]],
  E: [
    [[10, 0], [0, 0], [0, 14], [10, 14]],
    [[0, 7], [7, 7]],
  ],
  F: [
    [[10, 0], [0, 0], [0, 14]],
    [[0, 7], [7, 7]],
  ],
  G: [
    [[10, 2], [8, 0], [3, 0], [1, 1.5], [0, 4], [0, 10], [1, 12.5], [3, 14], [8, 14], [10, 12]],
    [[10, 12], [10, 8], [6, 8]],
  ],
  H: [
    [[0, 0], [0, 14]],
    [[10, 0], [10, 14]],
    [[0, 7], [10, 7]],
  ],
  J: [
    [[3, 0], [10, 0]],
    [[8, 0], [8, 11], [7, 13], [5, 14], [2, 14], [0, 12]],
  ],
  K: [
    [[0, 0], [0, 14]],
    [[10, 0], [0, 9]],
    [[3, 6.5], [10, 14]],
  ],
  L: [[[0, 0], [0, 14], [10, 14]]],
  M: [[[0, 14], [0, 0], [5, 9], [10, 0], [10, 14]]],
};

// prettier-ignore
const LETTERS_N_TO_Z: Record<string, Glyph> = {
  N: [[[0, 14], [0, 0], [10, 14], [10, 0]]],
  P: [[[0, 14], [0, 0], [7, 0], [9, 1], [10, 3.5], [9, 6], [7, 7], [0, 7]]],
  Q: [
    [[5, 0], [2, 1], [0, 4], [0, 10], [2, 13], [5, 14], [8, 13], [10, 10], [10, 4], [8, 1], [5, 0]],
    [[6, 10], [10, 14]],
  ],
  R: [
    [[0, 14], [0, 0], [7, 0], [9, 1], [10, 3.5], [9, 6], [7, 7], [0, 7]],
    [[5, 7], [10, 14]],
  ],
  S: [
    [[10, 2], [8, 0], [2, 0], [0, 2], [0, 4.5], [2, 6.5], [8, 7.5], [10, 9.5], [10, 12], [8, 14]],
    [[8, 14], [2, 14], [0, 12]],
  ],
  T: [
    [[0, 0], [10, 0]],
    [[5, 0], [5, 14]],
  ],
  U: [[[0, 0], [0, 10], [1, 12.5], [3, 14], [7, 14], [9, 12.5], [10, 10], [10, 0]]],
  V: [[[0, 0], [5, 14], [10, 0]]],
  W: [[[0, 0], [2.5, 14], [5, 5], [7.5, 14], [10, 0]]],
  X: [
    [[0, 0], [10, 14]],
    [[10, 0], [0, 14]],
  ],
  Y: [
    [[0, 0], [5, 7], [10, 0]],
    [[5, 7], [5, 14]],
  ],
  Z: [[[0, 0], [10, 0], [0, 14], [10, 14]]],
};

/** Stroke definitions for every captcha character, keyed by the character. */
export const GLYPHS: Readonly<Record<string, Glyph>> = Object.freeze({
  ...DIGITS,
  ...LETTERS_A_TO_M,
  ...LETTERS_N_TO_Z,
});

/** The characters a captcha may use: `2-9` and `A-Z` without `I` and `O`. */
export const CAPTCHA_ALPHABET: readonly string[] = Object.freeze(Object.keys(GLYPHS));

// Shapes a user could mistake for each other once rotated and scaled. Two members of the same
// group are never shown in one image, otherwise "which one did the thumbnail mean?" becomes a
// coin flip for humans while costing a bot nothing.
const CONFUSABLE_GROUPS: readonly (readonly string[])[] = [
  ['2', 'Z', '7'],
  ['5', 'S'],
  ['3', '8', 'B'],
  ['6', '9', 'G', 'C', 'Q', 'D', 'U'],
  ['P', 'R', 'F', 'E'],
  ['M', 'N', 'W'],
  ['V', 'Y', 'U', 'A'],
  ['K', 'X'],
  ['4', 'H'],
  ['J', 'L', 'T'],
];

/**
 * Whether two characters look too alike to appear in the same captcha image.
 * A character is not considered confusable with itself.
 */
export function areConfusable(a: string, b: string): boolean {
  if (a === b) return false;
  return CONFUSABLE_GROUPS.some((group) => group.includes(a) && group.includes(b));
}
