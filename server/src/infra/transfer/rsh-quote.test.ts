import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rshJoin, rshQuote } from './rsh-quote.js';

let dir: string;
let recorder: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-rsh-'));
  fs.mkdirSync(path.join(dir, 'src'));
  // Stands in for ssh: writes the words rsync gave it, NUL-separated, then fails.
  recorder = path.join(dir, 'record.sh');
  fs.writeFileSync(recorder, `#!/bin/sh\nprintf '%s\\0' "$@" > "${dir}/words"\nexit 1\n`, {
    mode: 0o755,
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The words the real rsync splits `rsh` into (its own host and server words cut off). */
function rsyncSplits(words: string[]): string[] {
  try {
    execFileSync('rsync', ['-r', '-e', rshJoin([recorder, ...words]), `${dir}/src/`, 'h:/d/'], {
      stdio: 'ignore',
    });
  } catch {
    // the recorder makes rsync fail; only the words matter
  }
  const all = fs.readFileSync(path.join(dir, 'words'), 'utf8').split('\0').slice(0, -1);
  return all.slice(0, words.length);
}

describe('rshQuote', () => {
  it('leaves plain words bare and single-quotes the rest with quotes doubled', () => {
    expect(rshQuote('/tmp/ferry-ssh-x/ssh_config')).toBe('/tmp/ferry-ssh-x/ssh_config');
    expect(rshQuote('a b')).toBe("'a b'");
    expect(rshQuote("it's")).toBe("'it''s'");
    expect(rshQuote('')).toBe("''");
  });

  it('gives rsync back exactly the words, whatever they hold', () => {
    const words = [
      'plain',
      'two words',
      "it's",
      'say "hi"',
      "'",
      '"',
      "''",
      '',
      '$HOME `id` $(id)',
      'back\\slash',
      'tab\there',
      'line\nbreak',
      '%h:%p',
      '  lead and trail  ',
      'ünïcødé',
    ];
    expect(rsyncSplits(words)).toEqual(words);
  });

  it('refuses a NUL byte', () => {
    expect(() => rshQuote('a\0b')).toThrow(/NUL/);
  });
});
