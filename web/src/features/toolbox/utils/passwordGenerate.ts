/** The character sets by their number in the tool's state (product.md §3). */
export const PASSWORD_CHARSETS = {
  1: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  2: 'abcdefghijklmnopqrstuvwxyz',
  3: '0123456789',
  4: '!@#$%^&*',
} as const;

export type PasswordCharset = keyof typeof PASSWORD_CHARSETS;

export const PASSWORD_CHARSET_IDS: readonly PasswordCharset[] = [1, 2, 3, 4];
export const DEFAULT_PASSWORD_CHARSETS: readonly PasswordCharset[] = [1, 2, 3];
export const DEFAULT_PASSWORD_LENGTH = 8;
export const MIN_PASSWORD_LENGTH = 1;
export const MAX_PASSWORD_LENGTH = 40;

export interface PasswordOptions {
  length: number;
  charsets: readonly PasswordCharset[];
}

/** Fills a buffer with random numbers; `crypto.getRandomValues` in the browser. */
export type RandomFill = (buffer: Uint32Array<ArrayBuffer>) => void;

const cryptoFill: RandomFill = (buffer) => {
  crypto.getRandomValues(buffer);
};

/** Why options cannot give a password, or undefined when they can. */
export function passwordOptionsProblem(
  options: Partial<PasswordOptions>,
): 'length' | 'charsets' | undefined {
  const { length, charsets } = options;
  if (
    typeof length !== 'number' ||
    !Number.isInteger(length) ||
    length < MIN_PASSWORD_LENGTH ||
    length > MAX_PASSWORD_LENGTH
  ) {
    return 'length';
  }
  return charsets && charsets.length > 0 ? undefined : 'charsets';
}

const RANGE = 2 ** 32;

/**
 * A uniformly random integer in [0, n). Draws that fall in the incomplete last block of 2^32 are
 * thrown away and drawn again (rejection sampling), so no value is likelier than another, which a
 * plain `% n` would not give.
 */
export function randomBelow(n: number, fill: RandomFill = cryptoFill): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`bad bound ${n}`);
  const limit = RANGE - (RANGE % n);
  const buffer = new Uint32Array(1);
  for (;;) {
    fill(buffer);
    const draw = buffer[0] ?? 0;
    if (draw < limit) return draw % n;
  }
}

/** Shuffles in place with Fisher-Yates, every order equally likely. */
export function shuffleInPlace<T>(items: T[], fill: RandomFill = cryptoFill): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, fill);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const pick = (alphabet: string, fill: RandomFill): string =>
  alphabet.charAt(randomBelow(alphabet.length, fill));

/**
 * A random password of the chosen length from the chosen sets. When the length allows, it holds
 * at least one character of every chosen set: one drawn from each set, the rest from all of them,
 * then shuffled so the guaranteed characters do not sit at the start. Throws on options that
 * `passwordOptionsProblem` refuses.
 */
export function generatePassword(options: PasswordOptions, fill: RandomFill = cryptoFill): string {
  const problem = passwordOptionsProblem(options);
  if (problem) throw new RangeError(`password options: ${problem}`);
  const sets = [...new Set(options.charsets)].sort().map((id) => PASSWORD_CHARSETS[id]);
  const all = sets.join('');
  const chars: string[] = options.length >= sets.length ? sets.map((s) => pick(s, fill)) : [];
  while (chars.length < options.length) chars.push(pick(all, fill));
  return shuffleInPlace(chars, fill).join('');
}
