import { describe, expect, it } from 'vitest';
import { deployPathProblem, isSameOrInside, symlinkPathProblem } from './deploy-paths.js';

describe('deployPathProblem', () => {
  it.each(['/var/www/app', '/var/www/app/', 'D:\\www\\app', 'd:/www/app', '/srv/功能'])(
    'accepts %s',
    (path) => {
      expect(deployPathProblem(path)).toBeUndefined();
    },
  );

  it.each([
    ['', 'must be an absolute path'],
    ['var/www', 'must be an absolute path'],
    ['./www', 'must be an absolute path'],
    ['D:www', 'must be an absolute path'],
    ['\\\\share\\www', 'must be an absolute path'],
    ['/', 'must not be the root directory'],
    ['//', 'must not be the root directory'],
    ['D:\\', 'must not be the root directory'],
    ['C:/', 'must not be the root directory'],
    ['/var/../etc', 'must not contain . or .. segments'],
    ['/var/www/..', 'must not contain . or .. segments'],
    ['/var/./www', 'must not contain . or .. segments'],
    ['D:\\www\\..\\Windows', 'must not contain . or .. segments'],
    ['/var/www\napp', 'must not contain control characters'],
    ['/var/www\u0000', 'must not contain control characters'],
  ])('refuses %j', (path, problem) => {
    expect(deployPathProblem(path)).toBe(problem);
  });
});

describe('isSameOrInside', () => {
  it('treats a name sharing a prefix as a sibling, not a child', () => {
    expect(isSameOrInside('/var/www/app-releases', '/var/www/app')).toBe(false);
    expect(isSameOrInside('/var/www/app/releases', '/var/www/app')).toBe(true);
    expect(isSameOrInside('/var/www/app/', '/var/www//app')).toBe(true);
  });
});

describe('symlinkPathProblem', () => {
  const INSIDE = 'must not be the deploy path or inside it';
  const CONTAINS = 'must not contain the deploy path';

  it.each([
    ['/var/releases/app', '/var/www/app'],
    ['/var/www/app-releases', '/var/www/app'],
    ['D:\\releases\\app', 'D:\\www\\app'],
    // POSIX names differ by case: these are two directories.
    ['/var/WWW/app/releases', '/var/www/app'],
    ['/var/www', '/var/WWW/app'],
  ])('accepts releases in %s for %s', (symlinkPath, path) => {
    expect(symlinkPathProblem(symlinkPath, path)).toBeUndefined();
  });

  it.each([
    ['/var/www/app', '/var/www/app', INSIDE],
    ['/var/www/app/', '/var/www/app', INSIDE],
    ['/var/www/app/releases', '/var/www/app', INSIDE],
    ['/var/www', '/var/www/app', CONTAINS],
    ['D:\\www\\app', 'D:/www/app', INSIDE],
    // Windows compares without case.
    ['D:\\WWW\\App\\releases', 'd:\\www\\app', INSIDE],
    ['d:\\www', 'D:\\WWW\\App', CONTAINS],
    ['releases', '/var/www/app', 'must be an absolute path'],
    ['/', '/var/www/app', 'must not be the root directory'],
    ['/var/../releases', '/var/www/app', 'must not contain . or .. segments'],
  ])('refuses releases in %s for %s', (symlinkPath, path, problem) => {
    expect(symlinkPathProblem(symlinkPath, path)).toBe(problem);
  });
});
