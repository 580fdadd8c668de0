import { describe, expect, it } from 'vitest';
import {
  isNginxBinaryPath,
  isNginxFileName,
  normalizeNginxDir,
  splitNginxFile,
} from './nginx-constants.js';
import {
  deleteNginxConfig,
  editNginxConfig,
  getNginxConfigList,
  setNginxPath,
} from './nginx.routes.js';

describe('nginx configuration file names', () => {
  it.each(['default', 'site.conf', 'a b.conf', '$(touch x).conf', "it's;ok", '.hidden', '…'])(
    'takes the plain name %j literally',
    (name) => {
      expect(isNginxFileName(name)).toBe(true);
    },
  );

  it.each(['', '.', '..', 'a/b', '../x', 'a\nb', 'a\u0000b', 'x'.repeat(256)])(
    'refuses %j',
    (name) => {
      expect(isNginxFileName(name)).toBe(false);
    },
  );
});

describe('nginx configuration directories', () => {
  it.each([
    ['/etc/nginx', '/etc/nginx'],
    ['/etc//nginx/', '/etc/nginx'],
    ['/', '/'],
    ['/home/u/nginx/conf/$(id)', '/home/u/nginx/conf/$(id)'],
  ])('reads %j as %j', (dir, normal) => {
    expect(normalizeNginxDir(dir)).toBe(normal);
  });

  it.each(['etc/nginx', '', '/etc/../root', '/etc/./nginx', '/etc/ngi\nnx'])(
    'refuses %j',
    (dir) => {
      expect(normalizeNginxDir(dir)).toBeNull();
    },
  );

  it('splits a file into its directory and name', () => {
    expect(splitNginxFile('/etc/nginx/conf.d/a.conf')).toEqual({
      dir: '/etc/nginx/conf.d',
      name: 'a.conf',
    });
    expect(splitNginxFile('a.conf')).toBeNull();
    expect(splitNginxFile('/etc/nginx/')).toBeNull();
    expect(splitNginxFile('/etc/../nginx/a')).toBeNull();
  });
});

describe('nginx binaries', () => {
  it.each(['/usr/sbin/nginx', '/usr/local/openresty/nginx/sbin/nginx', '/opt/openresty'])(
    'takes %j',
    (path) => {
      expect(isNginxBinaryPath(path)).toBe(true);
    },
  );

  it.each(['nginx', '/bin/sh', '/usr/sbin/nginx;id', '/tmp/../bin/nginx', '/usr/sbin/nginx/', ''])(
    'refuses %j',
    (path) => {
      expect(isNginxBinaryPath(path)).toBe(false);
    },
  );
});

describe('nginx route inputs', () => {
  it('names the field and the rule of a bad input', () => {
    const r = setNginxPath.input.safeParse({ serverId: 1, path: '/bin/bash' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['path']);
    expect(r.error?.issues[0]?.message).toMatch(/nginx or openresty/);
  });

  it("takes goploy's list query with or without a binary", () => {
    expect(getNginxConfigList.input.parse({ serverId: '2' })).toEqual({ serverId: 2, dir: '' });
    expect(getNginxConfigList.input.parse({ serverId: '2', dir: '/usr/sbin/nginx' }).dir).toBe(
      '/usr/sbin/nginx',
    );
    expect(getNginxConfigList.input.safeParse({ serverId: 2, dir: '/bin/sh' }).success).toBe(false);
  });

  it('normalises the directory of an edit and refuses a name with a slash', () => {
    const base = { serverId: 1, dir: '/etc//nginx/', filename: 'a.conf', content: 'x' };
    expect(editNginxConfig.input.parse(base).dir).toBe('/etc/nginx');
    const bad = editNginxConfig.input.safeParse({ ...base, filename: '../a.conf' });
    expect(bad.error?.issues[0]?.path).toEqual(['filename']);
  });

  it('refuses a content over 1 MiB and a malformed hash', () => {
    const base = { serverId: 1, dir: '/etc/nginx', filename: 'a.conf' };
    expect(editNginxConfig.input.safeParse({ ...base, content: 'é'.repeat(600_000) }).success).toBe(
      false,
    );
    expect(editNginxConfig.input.safeParse({ ...base, content: '', hash: 'abc' }).success).toBe(
      false,
    );
  });

  it('takes a file to delete only as a directory and a plain name', () => {
    expect(deleteNginxConfig.input.safeParse({ serverId: 1, file: '/etc/nginx/a' }).success).toBe(
      true,
    );
    expect(deleteNginxConfig.input.safeParse({ serverId: 1, file: 'a' }).success).toBe(false);
  });
});
