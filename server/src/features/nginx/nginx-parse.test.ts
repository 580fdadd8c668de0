import { describe, expect, it } from 'vitest';
import { includeDirs } from './nginx-locator.js';
import { linkSites } from './nginx-files.service.js';
import {
  confFromOutput,
  globMatches,
  includePatterns,
  parseMasters,
  parseTestFailure,
  resolveConf,
} from './nginx-parse.js';

describe('nginx masters', () => {
  it('reads the binary and the options from the master title', () => {
    const title =
      'nginx: master process /usr/sbin/nginx -e /h/n/logs/e.log -p /h/n -c /h/n/conf/nginx.conf -g daemon off; worker_processes 2;    ';
    const [m] = parseMasters(`M\t42\tdeploy\t/usr/sbin/nginx\t${title}\nnoise\n`);
    expect(m).toEqual({
      path: '/usr/sbin/nginx',
      pid: 42,
      user: 'deploy',
      prefix: '/h/n',
      conf: '/h/n/conf/nginx.conf',
      errorLog: '/h/n/logs/e.log',
      globals: 'daemon off;',
    });
  });

  it("takes the named binary when another user's exe link cannot be read, and skips a bare name", () => {
    const out = [
      'M\t1\troot\t\tnginx: master process /usr/local/openresty/nginx/sbin/nginx',
      'M\t2\troot\t\tnginx: master process nginx -g daemon off;',
    ].join('\n');
    expect(parseMasters(out)).toEqual([
      expect.objectContaining({
        path: '/usr/local/openresty/nginx/sbin/nginx',
        prefix: '',
        conf: '',
      }),
    ]);
  });
});

describe('nginx configuration layout', () => {
  it('finds the main configuration in the test output, else in the build options', () => {
    const ok = 'nginx: the configuration file /etc/nginx/nginx.conf syntax is ok\n';
    const bad =
      'nginx: [emerg] x in /etc/nginx/a.conf:3\nnginx: configuration file /etc/nginx/nginx.conf test failed\n';
    expect(confFromOutput(ok, '')).toBe('/etc/nginx/nginx.conf');
    expect(confFromOutput(bad, '')).toBe('/etc/nginx/nginx.conf');
    expect(confFromOutput('', 'configure arguments: --conf-path=/opt/n/nginx.conf')).toBe(
      '/opt/n/nginx.conf',
    );
  });

  it('resolves a relative -c against the prefix', () => {
    const t = { binary: '/n', prefix: '/srv/n', conf: 'conf/x.conf', errorLog: '', globals: '' };
    expect(resolveConf(t, '/etc/nginx/nginx.conf', '')).toBe('/srv/n/conf/x.conf');
    expect(resolveConf({ ...t, conf: '' }, '/etc/nginx/nginx.conf', '')).toBe(
      '/etc/nginx/nginx.conf',
    );
  });

  it('reads include patterns outside comments, relative to the configuration directory', () => {
    const text = [
      'include mime.types;',
      '# include /commented/*.conf;',
      'http { include /etc/nginx/conf.d/*.conf; include "sites-enabled/*"; }',
    ].join('\n');
    expect(includePatterns(text, '/etc/nginx')).toEqual([
      '/etc/nginx/mime.types',
      '/etc/nginx/conf.d/*.conf',
      '/etc/nginx/sites-enabled/*',
    ]);
  });

  it('confines files to the directories of the includes, with sites-available beside sites-enabled', () => {
    const dirs = includeDirs('/etc/nginx/nginx.conf', [
      '/etc/nginx/mime.types',
      '/etc/nginx/conf.d/*.conf',
      '/etc/nginx/sites-enabled/*',
      '/etc/nginx/*/extra.conf',
    ]);
    expect(dirs).toEqual([
      { dir: '/etc/nginx', globs: ['nginx.conf', 'mime.types'] },
      { dir: '/etc/nginx/conf.d', globs: ['*.conf'] },
      { dir: '/etc/nginx/sites-enabled', globs: ['*'] },
      { dir: '/etc/nginx/sites-available', globs: ['*'] },
    ]);
  });

  it('shows a sites-enabled link as its sites-available file, enabled', () => {
    const row = {
      size: 1,
      mode: '-rw-r--r--',
      modTime: '2026-01-01 00:00:00',
      enabled: true,
      link: '',
      linkOut: false,
    };
    const rows = linkSites([
      { ...row, name: 'a', dir: '/e/sites-enabled', raw: '../sites-available/a' },
      { ...row, name: 'own', dir: '/e/sites-enabled', raw: '' },
      { ...row, name: 'a', dir: '/e/sites-available', raw: '' },
      { ...row, name: 'b', dir: '/e/sites-available', raw: '' },
    ]);
    expect(rows.map((r) => [r.dir, r.name, r.enabled])).toEqual([
      ['/e/sites-enabled', 'own', true],
      ['/e/sites-available', 'a', true],
      ['/e/sites-available', 'b', false],
    ]);
  });
});

describe('include globs', () => {
  it.each([
    ['*.conf', 'a.conf', true],
    ['*.conf', 'a.conf.disabled', false],
    ['*', 'a.conf.disabled', true],
    ['*', '.a.ferry-old.1', false],
    ['site?', 'site1', true],
    ['[ab]*.conf', 'b.conf', true],
    ['[!ab]*.conf', 'b.conf', false],
    ['a.(x)+', 'a.(x)+', true],
    ['[z-a]', 'b', false],
  ])('%j takes %j: %s', (glob, name, expected) => {
    expect(globMatches(glob, name)).toBe(expected);
  });
});

describe("nginx's refusal", () => {
  it('names the file and line of the first error', () => {
    const out =
      'nginx: [warn] something in /x/w.conf:1\nnginx: [emerg] unknown directive "bogus" in /etc/nginx/conf.d/a b.conf:12\nnginx: configuration file /etc/nginx/nginx.conf test failed\n';
    expect(parseTestFailure(out)).toEqual({
      output: out.trim(),
      file: '/etc/nginx/conf.d/a b.conf',
      line: 12,
    });
    expect(parseTestFailure('nginx: [emerg] no "events" section in configuration')).toMatchObject({
      file: '',
      line: 0,
    });
  });
});
