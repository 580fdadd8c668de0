export const MIN_FONT_SIZE = 10;
export const MAX_FONT_SIZE = 24;
export const DEFAULT_FONT_SIZE = 14;
const KEY = 'terminalFontSize';

/** A font size within 10-24 px. */
export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_FONT_SIZE;
  return Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, Math.round(size)));
}

/** The terminal font size this browser last used. */
export function storedFontSize(): number {
  const raw = localStorage.getItem(KEY);
  return raw === null ? DEFAULT_FONT_SIZE : clampFontSize(Number(raw));
}

export function storeFontSize(size: number): void {
  localStorage.setItem(KEY, String(clampFontSize(size)));
}
