import { describe, expect, it } from 'vitest';
import {
  back,
  canGoBack,
  canGoForward,
  currentPath,
  EMPTY_HISTORY,
  forward,
  replaceCurrent,
  visit,
  type PathHistory,
} from '../utils/pathHistory';
import {
  baseName,
  breadcrumbs,
  isWithin,
  joinPath,
  parentPath,
  resolveTypedPath,
} from '../utils/remotePath';

describe('remote paths', () => {
  it('joins, goes up and names', () => {
    expect(joinPath('/', 'etc')).toBe('/etc');
    expect(joinPath('/srv/app', 'a b')).toBe('/srv/app/a b');
    expect(parentPath('/srv/app')).toBe('/srv');
    expect(parentPath('/srv')).toBe('/');
    expect(parentPath('/')).toBe('/');
    expect(baseName('/srv/app')).toBe('app');
    expect(baseName('/')).toBe('/');
  });

  it('makes one crumb per directory down from the root', () => {
    expect(breadcrumbs('/')).toEqual([{ name: '/', path: '/' }]);
    expect(breadcrumbs('/srv/my app/logs')).toEqual([
      { name: '/', path: '/' },
      { name: 'srv', path: '/srv' },
      { name: 'my app', path: '/srv/my app' },
      { name: 'logs', path: '/srv/my app/logs' },
    ]);
  });

  it('tells whether a path lies in a directory', () => {
    expect(isWithin('/srv/app/a', '/srv/app')).toBe(true);
    expect(isWithin('/srv/app', '/srv/app')).toBe(true);
    expect(isWithin('/srv/apple', '/srv/app')).toBe(false);
    expect(isWithin('/etc', '/')).toBe(true);
  });
});

describe('a typed path', () => {
  it('opens an absolute path as it is, tidied', () => {
    expect(resolveTypedPath('  /var//log/./nginx/ ', '/srv')).toEqual({ path: '/var/log/nginx' });
    expect(resolveTypedPath('/', '/srv')).toEqual({ path: '/' });
  });

  it('reads a relative path from the directory shown, resolving ..', () => {
    expect(resolveTypedPath('logs', '/srv/app')).toEqual({ path: '/srv/app/logs' });
    expect(resolveTypedPath('../other/./x', '/srv/app')).toEqual({ path: '/srv/other/x' });
    expect(resolveTypedPath('../../../..', '/srv/app')).toEqual({ path: '/' });
    expect(resolveTypedPath('/srv/app/../etc', '/')).toEqual({ path: '/srv/etc' });
  });

  it('takes nothing or ~ as the home directory', () => {
    expect(resolveTypedPath('', '/srv')).toEqual({ path: '' });
    expect(resolveTypedPath(' ~ ', '/srv')).toEqual({ path: '' });
  });

  it('refuses a NUL byte', () => {
    expect(resolveTypedPath('/a\0b', '/')).toEqual({ problem: 'nul' });
  });
});

describe('back and forward', () => {
  const walk = (...paths: string[]) => paths.reduce<PathHistory>(visit, EMPTY_HISTORY);

  it('starts with nowhere to go', () => {
    expect(currentPath(EMPTY_HISTORY)).toBeUndefined();
    expect(canGoBack(EMPTY_HISTORY)).toBe(false);
    expect(canGoForward(EMPTY_HISTORY)).toBe(false);
  });

  it('steps back and forward through the directories shown', () => {
    let h = walk('/root', '/srv', '/srv/app');
    expect(currentPath(h)).toBe('/srv/app');
    h = back(h);
    expect(currentPath(h)).toBe('/srv');
    h = back(h);
    expect(currentPath(h)).toBe('/root');
    expect(canGoBack(h)).toBe(false);
    expect(back(h)).toBe(h);
    h = forward(forward(h));
    expect(currentPath(h)).toBe('/srv/app');
    expect(canGoForward(h)).toBe(false);
    expect(forward(h)).toBe(h);
  });

  it('drops the way forward when going somewhere new', () => {
    const h = visit(back(back(walk('/a', '/b', '/c'))), '/d');
    expect(h.entries).toEqual(['/a', '/d']);
    expect(canGoForward(h)).toBe(false);
  });

  it('does not repeat the directory shown (a refresh, a click on the last crumb)', () => {
    const h = walk('/a', '/b');
    expect(visit(h, '/b')).toBe(h);
  });

  it("takes the console's answer for the path asked: home becomes its real path", () => {
    const h = replaceCurrent(walk(''), '/root');
    expect(h).toEqual({ entries: ['/root'], index: 0 });
    // Home typed again from the home directory: one entry, not two.
    const again = replaceCurrent(visit(h, ''), '/root');
    expect(again).toEqual({ entries: ['/root'], index: 0 });
    expect(replaceCurrent(EMPTY_HISTORY, '/root')).toEqual({ entries: ['/root'], index: 0 });
  });
});
