import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellJoin, shellQuote } from './quote.js';

/** Runs `printf '%s\0' <joined>` through a real `<shell> -c` and splits the NUL-separated words. */
function roundTrip(argv: readonly string[], shell = '/bin/sh'): string[] {
  const out = execFileSync(shell, ['-c', `printf '%s\\0' ${shellJoin(argv)}`], {
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

const hostile = [
  "it's",
  "''",
  '"double" quotes',
  '$(touch /tmp/ferry-pwned)',
  '`id`',
  '${HOME}',
  '$HOME',
  'a\nb\n',
  '\n',
  '*',
  '/*',
  '?',
  '[a-z]',
  '{a,b}',
  '~',
  '~root',
  '=ls',
  '-rf',
  '--help',
  '-',
  'a; rm -rf /',
  'x && y || z',
  'a | b > c < d',
  '#comment',
  '\\',
  "\\'",
  'tab\there',
  '  spaces  ',
  'ünïcødé ✓ 中文 🚀',
  '\x01\x7f\x1b[31m',
  '!event',
  '%1',
];

describe('shellQuote', () => {
  it('quotes the empty string as two single quotes', () => {
    expect(shellQuote('')).toBe("''");
  });

  it('leaves plain words bare and quotes everything else', () => {
    expect(shellQuote('release-2024.01_a/b:c@d')).toBe('release-2024.01_a/b:c@d');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('=ls')).toBe("'=ls'");
  });

  it('refuses a NUL byte', () => {
    expect(() => shellQuote('a\0b')).toThrow(/NUL/);
    expect(() => shellJoin(['ok', '\0'])).toThrow(/NUL/);
  });

  it('survives a real sh -c unchanged, one word per argument', () => {
    expect(roundTrip(hostile)).toEqual(hostile);
  });

  it('survives bash -c unchanged too', () => {
    expect(roundTrip(hostile, '/bin/bash')).toEqual(hostile);
  });

  it('keeps each hostile argument a single word on its own', () => {
    for (const arg of hostile) expect(roundTrip([arg])).toEqual([arg]);
  });

  it('passes the empty string as an empty word', () => {
    expect(roundTrip(['', 'x', ''])).toEqual(['', 'x', '']);
  });
});

describe('shellJoin', () => {
  it('joins quoted words with single spaces', () => {
    expect(shellJoin(['echo', 'a b', ''])).toBe("echo 'a b' ''");
    expect(shellJoin([])).toBe('');
  });
});
