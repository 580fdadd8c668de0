import { describe, expect, it } from 'vitest';
import {
  configTree,
  dirLabel,
  fileKey,
  fileLabel,
  findFile,
  shortPath,
  type ConfigFile,
} from '../utils/configTree';

const file = (dir: string, name: string, enabled = true): ConfigFile => ({
  name,
  dir,
  enabled,
  size: 10,
  mode: '-rw-r--r--',
  modTime: '2026-03-01 12:00:00',
  link: '',
  linkOut: false,
});

describe('the configuration tree', () => {
  const files = [
    file('/etc/nginx/sites', 'b.conf'),
    file('/etc/nginx/sites', 'a.conf.disabled', false),
    file('/etc/nginx', 'nginx.conf'),
    file('/etc/nginx/conf.d/', 'x.conf'),
  ];
  const tree = configTree(
    files,
    ['/etc/nginx/conf.d', '/etc/nginx/sites', '/etc/nginx/empty'],
    '/etc/nginx/nginx.conf',
  );

  it('lists the main file’s directory first, then the others by name, each file once', () => {
    expect(tree.map((d) => d.dir)).toEqual([
      '/etc/nginx',
      '/etc/nginx/conf.d',
      '/etc/nginx/empty',
      '/etc/nginx/sites',
    ]);
    expect(tree.flatMap((d) => d.files).length).toBe(files.length);
  });

  it('sorts files by name and keeps disabled ones, marked', () => {
    const sites = tree.find((d) => d.dir === '/etc/nginx/sites');
    expect(sites?.files.map((f) => [f.name, f.enabled])).toEqual([
      ['a.conf.disabled', false],
      ['b.conf', true],
    ]);
  });

  it('keeps an empty configuration directory, where a new file can go', () => {
    expect(tree.find((d) => d.dir === '/etc/nginx/empty')?.files).toEqual([]);
  });

  it('finds a file by its full path', () => {
    expect(fileKey(file('/etc/nginx/conf.d/', 'x.conf'))).toBe('/etc/nginx/conf.d/x.conf');
    expect(findFile(tree, '/etc/nginx/conf.d/x.conf')?.name).toBe('x.conf');
    expect(findFile(tree, '/etc/nginx/gone.conf')).toBeUndefined();
  });

  it('names the directories below the main file’s relative to it', () => {
    const conf = '/etc/nginx/nginx.conf';
    expect(dirLabel('/etc/nginx', conf)).toBe('/etc/nginx');
    expect(dirLabel('/etc/nginx/conf.d/', conf)).toBe('conf.d');
    expect(dirLabel('/etc/nginx/sites/a', conf)).toBe('sites/a');
    expect(dirLabel('/etc/nginxextra', conf)).toBe('/etc/nginxextra');
    expect(dirLabel('/srv/conf', '')).toBe('/srv/conf');
  });

  it('names a file by its place below the main file, and cuts long paths at the front', () => {
    const conf = '/etc/nginx/nginx.conf';
    expect(fileLabel({ dir: '/etc/nginx/conf.d', name: 'a.conf' }, conf)).toBe('conf.d/a.conf');
    expect(fileLabel({ dir: '/etc/nginx', name: 'nginx.conf' }, conf)).toBe(
      '/etc/nginx/nginx.conf',
    );
    expect(shortPath('/tmp/ferry-sshd-abc/0123456789/home/nginx/conf')).toBe('…/home/nginx/conf');
    expect(shortPath('/etc/nginx')).toBe('/etc/nginx');
    expect(shortPath(`/${'x'.repeat(40)}`)).toBe(`…/${'x'.repeat(40)}`);
  });
});
