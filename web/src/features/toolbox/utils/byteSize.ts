/** The units a size can be entered in (product.md §9). */
export const BYTE_UNITS = { B: 1, KB: 1024, MB: 1048576 } as const;
export type ByteUnit = keyof typeof BYTE_UNITS;

/** The human-readable units, in 1024 steps. */
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** `value` of `unit` in bytes. */
export function toBytes(value: number, unit: ByteUnit): number {
  return value * BYTE_UNITS[unit];
}

/** At most two decimals, trailing zeros dropped: 1.5, 2, 1.33. */
const twoDecimals = (n: number) => Number(n.toFixed(2));

/** A size in 1024 steps from B to YB: 1536 → '1.5 KB', 0 → '0 B'. */
export function humanSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  // Step up while the rounded value would read 1024 or more ('1024 KB' reads as '1 MB').
  while (twoDecimals(value) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${twoDecimals(value)} ${SIZE_UNITS[unit]}`;
}

/** Why a typed size cannot be converted. */
export type ByteInputProblem = 'empty' | 'notNumber' | 'negative';

export type ByteConversion =
  { ok: true; bytes: number; text: string } | { ok: false; problem: ByteInputProblem };

// Plain decimal notation only: Number() would also take '0x10', 'Infinity' and ''.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** Reads the typed number, applies the unit and formats the result for the second box. */
export function convertBytes(input: string, unit: ByteUnit): ByteConversion {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (!DECIMAL.test(text)) return { ok: false, problem: 'notNumber' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, problem: 'notNumber' };
  if (value < 0) return { ok: false, problem: 'negative' };
  const bytes = toBytes(value, unit);
  if (!Number.isFinite(bytes)) return { ok: false, problem: 'notNumber' };
  return { ok: true, bytes, text: humanSize(bytes) };
}
