import { describe, expect, it } from 'vitest';
import { repoWebLinks } from '../utils/repoWebLinks';

describe('repoWebLinks', () => {
  it('links a GitHub repository, branch and commit from an https address', () => {
    const links = repoWebLinks('https://github.com/acme/shop.git', 'release/2.0');
    expect(links.repo).toBe('https://github.com/acme/shop');
    expect(links.branch).toBe('https://github.com/acme/shop/tree/release/2.0');
    expect(links.commit?.('abc123')).toBe('https://github.com/acme/shop/commit/abc123');
  });

  it('links from scp-like and ssh:// addresses over https', () => {
    expect(repoWebLinks('git@github.com:acme/shop.git', 'main')).toMatchObject({
      repo: 'https://github.com/acme/shop',
      branch: 'https://github.com/acme/shop/tree/main',
    });
    expect(repoWebLinks('ssh://git@gitee.com:22/acme/shop.git', 'dev').branch).toBe(
      'https://gitee.com/acme/shop/tree/dev',
    );
  });

  it('uses GitLab’s /-/ pages, for gitlab.com and self-hosted gitlab hosts with their port', () => {
    const links = repoWebLinks('https://gitlab.com/group/sub/app.git', 'main');
    expect(links.repo).toBe('https://gitlab.com/group/sub/app');
    expect(links.branch).toBe('https://gitlab.com/group/sub/app/-/tree/main');
    expect(links.commit?.('f00d')).toBe('https://gitlab.com/group/sub/app/-/commit/f00d');
    expect(repoWebLinks('http://gitlab.corp.local:8080/team/app', '').repo).toBe(
      'http://gitlab.corp.local:8080/team/app',
    );
    expect(repoWebLinks('git@gitlab.corp.local:team/app.git', 'x').repo).toBe(
      'https://gitlab.corp.local/team/app',
    );
  });

  it('escapes branch names but keeps their slashes', () => {
    expect(repoWebLinks('https://github.com/a/b', 'feat/ü#1').branch).toBe(
      'https://github.com/a/b/tree/feat/%C3%BC%231',
    );
  });

  it('answers no links for unknown hosts, file addresses, bad addresses and no branch', () => {
    expect(repoWebLinks('https://git.example.com/a/b.git', 'main')).toEqual({});
    expect(repoWebLinks('file:///srv/git/app.git', 'main')).toEqual({});
    expect(repoWebLinks('javascript:alert(1)', 'main')).toEqual({});
    expect(repoWebLinks('https://github.com/only-owner', 'main')).toEqual({});
    expect(repoWebLinks('https://github.com/a/b', '').branch).toBeUndefined();
  });
});
