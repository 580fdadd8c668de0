import { describe, expect, it } from 'vitest';
import {
  parseSftpOptions,
  PathFilter,
  sftpOptionProblem,
  type SftpOptions,
} from './sftp-options.js';

function parse(words: string[]): SftpOptions {
  const parsed = parseSftpOptions(words);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}

const filterOf = (words: string[]) => new PathFilter(parse(words));

describe('parseSftpOptions', () => {
  it('reads verbosity, --delete and values given as the next word or after =', () => {
    const o = parse([
      '-vv',
      '--delete',
      '--exclude',
      './logs/',
      '--exclude=/.git',
      '--include=logs/keep',
    ]);
    expect(o.verbose).toBe(true);
    expect(o.delete).toBe(true);
    expect(o.excludes).toEqual(['logs', '.git']);
    expect(o.includes).toEqual(['logs/keep']);
    expect(parse(['--exclude-regexp', '\\.map$']).excludeRegexps[0]!.test('app.js.map')).toBe(true);
  });

  it('names every unknown word, including rsync options that do not apply', () => {
    expect(sftpOptionProblem(['-rtv', '--exclude', '.git', '--delete-after'])).toBe(
      'unknown options "-rtv", "--delete-after"',
    );
    expect(sftpOptionProblem(['dist'])).toBe('unknown option "dist"');
  });

  it('refuses missing values, bad regular expressions and paths leaving the source', () => {
    expect(sftpOptionProblem(['--exclude'])).toMatch(/"--exclude" needs a value/);
    expect(sftpOptionProblem(['--include='])).toMatch(/"--include" needs a value/);
    expect(sftpOptionProblem(['--include-regexp', '('])).toMatch(/not a regular expression/);
    expect(sftpOptionProblem(['--exclude', '../etc'])).toMatch(/inside the source/);
    expect(sftpOptionProblem(['--exclude', '.'])).toMatch(/inside the source/);
    expect(sftpOptionProblem([])).toBeUndefined();
  });
});

describe('PathFilter', () => {
  it('excludes a path and everything under it, not names that merely start alike', () => {
    const f = filterOf(['--exclude', 'logs']);
    expect(f.selected('logs')).toBe(false);
    expect(f.selected('logs/a/b.txt')).toBe(false);
    expect(f.selected('logs2/a.txt')).toBe(true);
    expect(f.selected('src/logs')).toBe(true);
  });

  it('lets includes win: the path, its parents and what lies under it', () => {
    const f = filterOf(['--exclude', 'vendor', '--include', 'vendor/lib/keep']);
    expect(f.selected('vendor')).toBe(true);
    expect(f.selected('vendor/lib')).toBe(true);
    expect(f.selected('vendor/lib/keep')).toBe(true);
    expect(f.selected('vendor/lib/keep/x.js')).toBe(true);
    expect(f.selected('vendor/lib/other.js')).toBe(false);
    expect(f.mayIncludeBelow('vendor')).toBe(true);
    expect(f.mayIncludeBelow('logs')).toBe(false);
  });

  it('applies regular expressions to the relative path', () => {
    const f = filterOf(['--exclude-regexp', '\\.log$', '--include-regexp', '^keep/']);
    expect(f.selected('a/b.log')).toBe(false);
    expect(f.selected('keep/b.log')).toBe(true);
    expect(f.selected('a/b.txt')).toBe(true);
    expect(f.mayIncludeBelow('anything')).toBe(true);
  });
});
