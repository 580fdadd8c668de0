/** What a hex value that is not six hex digits turns into (product.md §5). */
export const FALLBACK_RGB = 'rgb(0, 0, 0)';

const HEX6 = /^#?([0-9a-f]{6})$/i;

/** True for six hex digits with an optional leading '#', in any case. */
export function isHexColor(input: string): boolean {
  return HEX6.test(input.trim());
}

/** '#1E90FF' or '1e90ff' → 'rgb(30, 144, 255)'; anything else ('#abc', '#GGGGGG') → rgb(0, 0, 0). */
export function hexToRgb(input: string): string {
  const digits = HEX6.exec(input.trim())?.[1];
  if (!digits) return FALLBACK_RGB;
  const n = parseInt(digits, 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

export type RgbChannel = 'r' | 'g' | 'b';

/** A channel that was outside 0-255 and what it became. */
export interface ClampedChannel {
  channel: RgbChannel;
  from: number;
  to: number;
}

export type HexConversion = { ok: true; hex: string; clamped: ClampedChannel[] } | { ok: false };

const CHANNELS: readonly RgbChannel[] = ['r', 'g', 'b'];
const INTEGER = /^[+-]?\d+$/;

const clamp = (n: number) => Math.min(255, Math.max(0, n));
const hexByte = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/**
 * '(255,255,255)' or 'rgb(30, 144, 255)' → '#FFFFFF' / '#1E90FF': strips 'rgb' and the
 * parentheses, splits on commas and reads three integers. Values outside 0-255 are clamped and
 * listed in `clamped`, so the user learns the colour is not the one typed.
 */
export function rgbToHex(input: string): HexConversion {
  const parts = input
    .replace(/rgb/gi, '')
    .replace(/[()]/g, '')
    .split(',')
    .map((p) => p.trim());
  if (parts.length !== 3 || !parts.every((p) => INTEGER.test(p))) return { ok: false };
  const values = parts.map(Number);
  const clamped: ClampedChannel[] = [];
  const hex = values
    .map((from, i) => {
      const to = clamp(from);
      if (to !== from) clamped.push({ channel: CHANNELS[i] ?? 'r', from, to });
      return hexByte(to);
    })
    .join('');
  return { ok: true, hex: `#${hex}`, clamped };
}
