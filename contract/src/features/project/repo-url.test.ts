import { describe, expect, it } from 'vitest';
import {
  authTypesFor,
  defaultPort,
  parseRepoUrl,
  repoOrigin,
  repoUrlProblem,
  type RepoUrl,
} from './repo-url.js';

const RULE = 'must be a git address';

function parsed(url: string): RepoUrl {
  const result = parseRepoUrl(url);
  if ('problem' in result) throw new Error(`${url} was refused: ${result.problem}`);
  return result;
}

describe('parseRepoUrl', () => {
  it.each<[string, RepoUrl]>([
    [
      'https://deploy@git.example.com/org/app.git',
      { kind: 'https', host: 'git.example.com', port: 0, user: 'deploy', path: '/org/app.git' },
    ],
    [
      'https://git.example.com:8443/org/app.git',
      { kind: 'https', host: 'git.example.com', port: 8443, user: '', path: '/org/app.git' },
    ],
    [
      'http://git.example.com/org/app.git',
      { kind: 'http', host: 'git.example.com', port: 0, user: '', path: '/org/app.git' },
    ],
    [
      'http://git.example.com:80/org/app.git',
      { kind: 'http', host: 'git.example.com', port: 80, user: '', path: '/org/app.git' },
    ],
    [
      'ssh://git@git.example.com:2222/org/app.git',
      { kind: 'ssh', host: 'git.example.com', port: 2222, user: 'git', path: '/org/app.git' },
    ],
    [
      'git+ssh://git@git.example.com/org/app.git',
      { kind: 'ssh', host: 'git.example.com', port: 0, user: 'git', path: '/org/app.git' },
    ],
    [
      'ssh+git://git@10.0.0.5/srv/app.git',
      { kind: 'ssh', host: '10.0.0.5', port: 0, user: 'git', path: '/srv/app.git' },
    ],
    [
      'git@github.com:org/repo.git',
      { kind: 'ssh', host: 'github.com', port: 0, user: 'git', path: 'org/repo.git' },
    ],
    [
      'build-host:/srv/git/app.git',
      { kind: 'ssh', host: 'build-host', port: 0, user: '', path: '/srv/git/app.git' },
    ],
    [
      'git://git.example.com/org/app.git',
      { kind: 'git', host: 'git.example.com', port: 0, user: '', path: '/org/app.git' },
    ],
    [
      'file:///srv/git/app.git',
      { kind: 'file', host: '', port: 0, user: '', path: '/srv/git/app.git' },
    ],
    [
      'ssh://git@[::1]:2222/srv/app.git',
      { kind: 'ssh', host: '::1', port: 2222, user: 'git', path: '/srv/app.git' },
    ],
    [
      'HTTPS://Git.Example.COM/org/app.git',
      { kind: 'https', host: 'git.example.com', port: 0, user: '', path: '/org/app.git' },
    ],
  ])('accepts %s', (url, parts) => {
    expect(parseRepoUrl(url)).toEqual(parts);
  });

  it.each([
    ['', 'must not be empty'],
    ['-uflag', RULE],
    ['--upload-pack=touch', RULE],
    ['ext::sh -c touch', 'must not contain spaces'],
    ['ext::sh', RULE],
    ['fd::17', RULE],
    ['https://user:pass@git.example.com/x', 'must not contain a password'],
    ['https://git.example.com/my repo.git', 'must not contain spaces'],
    ['https://git.example.com/a\tb', 'must not contain spaces'],
    ['https://git.example.com/a\nb', 'must not contain spaces'],
    ['file://relative', 'must be file:// followed by an absolute path'],
    ['file:///srv/../etc/app.git', 'must be file:// followed by an absolute path'],
    ['C:repo', RULE],
    ['https://git.example.com/', 'must name a repository after the host'],
    ['https://git.example.com', 'must name a repository after the host'],
    ['ftp://git.example.com/app.git', RULE],
    ['/srv/git/app.git', RULE],
    ['https://-evil/x', RULE],
    ['git@git.example.com:-x', RULE],
    ['ssh://-oProxyCommand=touch@git.example.com/x', RULE],
    ['ssh://%2doProxyCommand=touch@git.example.com/x', RULE],
    // The URL class reads `\` as `/`, curl as part of the user: a stored token would go to evil.
    ['https://trusted.example\\@evil.example/x', RULE],
    ['https://git.example.com/%zz', RULE],
    ['https://%zz@git.example.com/x', RULE],
    [`https://git.example.com/${'a'.repeat(1024)}`, 'must be at most 1024 characters'],
  ])('refuses %s', (url, message) => {
    const result = parseRepoUrl(url);
    expect(result).toHaveProperty('problem');
    expect((result as { problem: string }).problem).toContain(message);
  });

  it('keeps an IPv6 address usable while refusing transport helpers', () => {
    expect(parsed('https://[2001:db8::1]/org/app.git').host).toBe('2001:db8::1');
    expect(repoUrlProblem('ext::ssh -oProxyCommand=x host')).toBeDefined();
  });
});

describe('repoUrlProblem', () => {
  it('answers nothing for a usable address and the rule otherwise', () => {
    expect(repoUrlProblem('git@github.com:org/repo.git')).toBeUndefined();
    expect(repoUrlProblem('https://user:pass@github.com/org/repo.git')).toContain('password');
  });
});

describe('repoOrigin', () => {
  const origin = (url: string) => repoOrigin(parsed(url));

  it.each([
    ['https://git.example.com/a.git', 'https://git.example.com:443/b.git'],
    ['https://deploy@git.example.com/a.git', 'https://git.example.com/a.git'],
    ['http://git.example.com/a.git', 'http://git.example.com:80/a.git'],
    ['git@github.com:org/a.git', 'ssh://git@github.com:22/org/b.git'],
    ['git@GitHub.com:org/a.git', 'git+ssh://github.com/org/a.git'],
    ['git://git.example.com/a.git', 'git://git.example.com:9418/a.git'],
  ])('%s and %s share an origin', (a, b) => {
    expect(origin(a)).toBe(origin(b));
  });

  it.each([
    ['https://git.example.com/a.git', 'http://git.example.com/a.git'],
    ['https://git.example.com/a.git', 'https://evil.example/a.git'],
    ['https://git.example.com/a.git', 'https://git.example.com:8443/a.git'],
    ['https://git.example.com:80/a.git', 'http://git.example.com/a.git'],
    ['ssh://git@git.example.com/a.git', 'ssh://git@git.example.com:2222/a.git'],
    ['git@github.com:org/a.git', 'https://github.com/org/a.git'],
    ['git@github.com:org/a.git', 'git@github.com.evil.example:org/a.git'],
  ])('%s and %s differ', (a, b) => {
    expect(origin(a)).not.toBe(origin(b));
  });

  it('fills in the default port of the scheme', () => {
    expect(origin('https://git.example.com/a.git')).toBe('https://git.example.com:443');
    expect(defaultPort('ssh')).toBe(22);
    expect(defaultPort('git')).toBe(9418);
  });
});

describe('authTypesFor', () => {
  it.each([
    ['https', ['none', 'token']],
    ['ssh', ['key', 'consoleKey']],
    ['http', ['none']],
    ['git', ['none']],
    ['file', ['none']],
  ] as const)('offers %s addresses %j', (kind, types) => {
    expect(authTypesFor(kind)).toEqual(types);
  });
});

describe('parseRepoUrl of a Subversion project', () => {
  const svn = (url: string) => parseRepoUrl(url, 'svn');

  it('reads svn://, https://, http:// and file:// addresses', () => {
    expect(svn('svn://svn.example.com:3691/repo')).toEqual({
      kind: 'svn',
      host: 'svn.example.com',
      port: 3691,
      user: '',
      path: '/repo',
    });
    expect(svn('https://svn.example.com/svn/repo/trunk')).toMatchObject({ kind: 'https' });
    expect(svn('http://svn.example.com/svn/repo')).toMatchObject({ kind: 'http' });
    expect(svn('file:///srv/svn/repo')).toMatchObject({ kind: 'file', path: '/srv/svn/repo' });
  });

  it.each([
    'svn+ssh://svn.example.com/repo',
    'git@svn.example.com:repo',
    'ssh://svn.example.com/repo',
    'git://svn.example.com/repo',
    '--config-dir=/tmp/x',
    'svn://svn.example.com/repo --username x',
    'svn://user:secret@svn.example.com/repo',
  ])('refuses %s', (url) => {
    expect('problem' in svn(url)).toBe(true);
  });

  it('says why an svn+ssh address is refused, and what to use', () => {
    expect(repoUrlProblem('svn+ssh://h/repo', 'svn')).toBe(
      'must not be svn+ssh://: use svn://, https:// or file://',
    );
    expect(repoUrlProblem('svn://h/repo')).toMatch(/^must be a git address/);
  });

  it('sends a password over svn:// and https://, never over http://', () => {
    expect(authTypesFor('svn')).toEqual(['none', 'token']);
    expect(authTypesFor('http')).toEqual(['none']);
    expect(defaultPort('svn')).toBe(3690);
    expect(repoOrigin(parsed('https://h.example.com/x.git'))).toBe('https://h.example.com:443');
  });
});
