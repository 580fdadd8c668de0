import { describe, expect, it } from 'vitest';
import { REF_NAME_RULE, refNameProblem, SVN_BRANCH_RULE, svnBranchProblem } from './git-names.js';

describe('refNameProblem', () => {
  it.each([
    'main',
    'feature/login',
    'release-1.2',
    'v1.0+build',
    '功能/登录',
    'origin/main',
    'hotfix_#42',
    'user@host',
  ])('accepts %s', (name) => {
    expect(refNameProblem(name)).toBeUndefined();
  });

  it.each([
    '--upload-pack=touch /tmp/pwned',
    '-x',
    '$(id)',
    '`id`',
    'a;id',
    'a..b',
    'a.lock',
    'a.lock/b',
    'feature/.hidden',
    '.hidden',
    'a.',
    '/x',
    'x/',
    'a//b',
    '@',
    'a@{1}',
    'feature login',
    ' main',
    'main\n',
    'a~1',
    'a^2',
    'a:b',
    'a?',
    'a*',
    'a[1]',
  ])('refuses %j', (name) => {
    expect(refNameProblem(name)).toBe(REF_NAME_RULE);
  });

  it('says an empty name is empty and a long one too long', () => {
    expect(refNameProblem('')).toBe('must not be empty');
    expect(refNameProblem('a'.repeat(255))).toBeUndefined();
    expect(refNameProblem('a'.repeat(256))).toBe('must be at most 255 characters');
  });
});

describe('svnBranchProblem', () => {
  it('takes master and one folder name, as git would', () => {
    expect(svnBranchProblem('master')).toBeUndefined();
    expect(svnBranchProblem('release-1.0')).toBeUndefined();
    expect(svnBranchProblem('feature/login')).toBe(SVN_BRANCH_RULE);
    expect(svnBranchProblem('--config-dir=/x')).toBe(REF_NAME_RULE);
    expect(svnBranchProblem('../trunk')).toBe(REF_NAME_RULE);
  });
});
