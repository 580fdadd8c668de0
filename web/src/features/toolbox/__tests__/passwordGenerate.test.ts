import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PASSWORD_CHARSETS,
  DEFAULT_PASSWORD_LENGTH,
  generatePassword,
  PASSWORD_CHARSETS,
  passwordOptionsProblem,
  randomBelow,
  shuffleInPlace,
  type PasswordCharset,
  type RandomFill,
} from '../utils/passwordGenerate';

/** A random source that hands out `draws` in turn. */
function scripted(...draws: number[]): RandomFill & { calls: number } {
  const fill = Object.assign(
    (buffer: Uint32Array<ArrayBuffer>) => {
      const next = draws[fill.calls++ % draws.length];
      buffer[0] = next ?? 0;
    },
    { calls: 0 },
  );
  return fill;
}

const setOf = (id: PasswordCharset) => new Set(PASSWORD_CHARSETS[id]);

describe('passwordOptionsProblem', () => {
  it.each([
    [1, undefined],
    [8, undefined],
    [40, undefined],
    [0, 'length'],
    [41, 'length'],
    [-3, 'length'],
    [7.5, 'length'],
    [Number.NaN, 'length'],
    [undefined, 'length'],
  ])('length %s gives %s', (length, problem) => {
    expect(passwordOptionsProblem({ length, charsets: [1] })).toBe(problem);
  });

  it('needs at least one character set', () => {
    expect(passwordOptionsProblem({ length: 8, charsets: [] })).toBe('charsets');
  });

  it('defaults to 8 characters from A-Z, a-z and 0-9', () => {
    expect(DEFAULT_PASSWORD_LENGTH).toBe(8);
    expect(DEFAULT_PASSWORD_CHARSETS).toEqual([1, 2, 3]);
    expect(PASSWORD_CHARSETS[4]).toBe('!@#$%^&*');
  });
});

describe('randomBelow', () => {
  it('draws again when a draw falls in the incomplete last block (no modulo bias)', () => {
    // 2^32 = 3 * 1431655765 + 1: the single value 2^32 - 1 must be refused for n = 3.
    const fill = scripted(2 ** 32 - 1, 2 ** 32 - 1, 7);
    expect(randomBelow(3, fill)).toBe(7 % 3);
    expect(fill.calls).toBe(3);
  });

  it('accepts the largest draw below the limit', () => {
    const fill = scripted(2 ** 32 - 2);
    expect(randomBelow(3, fill)).toBe((2 ** 32 - 2) % 3);
    expect(fill.calls).toBe(1);
  });

  it('uses crypto.getRandomValues by default', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const n = randomBelow(10);
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThan(10);
    expect(spy).toHaveBeenCalled();
  });
});

describe('shuffleInPlace', () => {
  it('swaps each position with a uniformly drawn earlier one (Fisher-Yates)', () => {
    // abcd: i = 3 swaps with j = 0 (dbca), i = 2 stays (j = 2), i = 1 swaps with j = 0 (bdca).
    expect(shuffleInPlace(['a', 'b', 'c', 'd'], scripted(0, 2, 0))).toEqual(['b', 'd', 'c', 'a']);
  });

  it('reaches every order of three items equally often over all draws', () => {
    const counts = new Map<string, number>();
    for (let first = 0; first < 3; first++) {
      for (let second = 0; second < 2; second++) {
        const order = shuffleInPlace(['a', 'b', 'c'], scripted(first, second)).join('');
        counts.set(order, (counts.get(order) ?? 0) + 1);
      }
    }
    expect(counts.size).toBe(6);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });
});

describe('generatePassword', () => {
  it.each([
    [1, [1, 2, 3, 4]],
    [3, [1, 2, 3]],
    [4, [1, 2, 3, 4]],
    [8, [2]],
    [40, [1, 4]],
  ] as const)('gives %i characters from the chosen sets', (length, charsets) => {
    for (let round = 0; round < 50; round++) {
      const password = generatePassword({ length, charsets });
      expect(password).toHaveLength(length);
      const allowed = new Set(charsets.flatMap((id) => [...PASSWORD_CHARSETS[id]]));
      expect([...password].every((c) => allowed.has(c))).toBe(true);
    }
  });

  it('holds a character of every chosen set when the length allows', () => {
    for (let round = 0; round < 200; round++) {
      const password = [...generatePassword({ length: 4, charsets: [1, 2, 3, 4] })];
      for (const id of [1, 2, 3, 4] as const) {
        expect(
          password.some((c) => setOf(id).has(c)),
          `${password.join('')} set ${id}`,
        ).toBe(true);
      }
    }
  });

  it('does not always put the guaranteed characters first', () => {
    const starts = new Set<string>();
    for (let round = 0; round < 200; round++) {
      const first = generatePassword({ length: 8, charsets: [3, 4] }).charAt(0);
      starts.add(setOf(3).has(first) ? 'digit' : 'symbol');
    }
    expect(starts).toEqual(new Set(['digit', 'symbol']));
  });

  it('refuses 0 and 41 characters and an empty choice of sets', () => {
    expect(() => generatePassword({ length: 0, charsets: [1] })).toThrow(RangeError);
    expect(() => generatePassword({ length: 41, charsets: [1] })).toThrow(RangeError);
    expect(() => generatePassword({ length: 8, charsets: [] })).toThrow(RangeError);
  });
});
