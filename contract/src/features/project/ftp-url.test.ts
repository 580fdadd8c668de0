import { describe, expect, it } from 'vitest';
import { FTP_URL_RULES, withoutFtpPassword } from './ftp-url.js';
import { projectFormProblems } from './project-fields.js';
import { authTypesFor, parseRepoUrl, repoOrigin } from './repo-url.js';

const ftp = (url: string) => parseRepoUrl(url, 'ftp');

describe('an FTP source address', () => {
  it.each([
    [
      'ftp://files.example.com/builds/shop',
      {
        kind: 'ftp',
        host: 'files.example.com',
        port: 0,
        user: '',
        path: '/builds/shop',
        password: '',
      },
    ],
    [
      'ftps://deploy@10.0.0.5:2121/builds/',
      { kind: 'ftps', host: '10.0.0.5', port: 2121, user: 'deploy', path: '/builds', password: '' },
    ],
    // goploy's form, the password inside (an @ in it kept).
    [
      'FTPS://deploy:p%40ss@Files.example.com/',
      {
        kind: 'ftps',
        host: 'files.example.com',
        port: 0,
        user: 'deploy',
        path: '/',
        password: 'p@ss',
      },
    ],
    [
      'ftp://u:p@ss@host/x',
      { kind: 'ftp', host: 'host', port: 0, user: 'u', path: '/x', password: 'p@ss' },
    ],
  ])('reads %s', (url, expected) => {
    expect(ftp(url)).toEqual(expected);
  });

  it.each([
    ['ftp://host/srv/../etc', FTP_URL_RULES.path],
    ['ftp://host/srv/%2e%2e/etc', FTP_URL_RULES.path],
    ['ftp://host/a%0Ab', FTP_URL_RULES.path],
    ['ftp://us%20er@host/x', FTP_URL_RULES.user],
    ['ftp://host/srv ;id', FTP_URL_RULES.rule],
    ['ftp://host:0/x', FTP_URL_RULES.rule],
    ['ftp://host:99999/x', FTP_URL_RULES.rule],
    ['ftp://host\\@evil/x', FTP_URL_RULES.rule],
    ['sftp://host/x', FTP_URL_RULES.rule],
    ['--config=/x', FTP_URL_RULES.rule],
  ])('refuses %s', (url, problem) => {
    expect(ftp(url)).toEqual({ problem });
  });

  it('drops the password from the address it keeps', () => {
    expect(withoutFtpPassword('ftp://u:p@ss@host/x')).toBe('ftp://u@host/x');
    expect(withoutFtpPassword('ftps://u@host/x')).toBe('ftps://u@host/x');
    expect(withoutFtpPassword('ftp://host/x')).toBe('ftp://host/x');
  });

  it('logs in anonymously or with a password, which needs the user in the address', () => {
    expect(authTypesFor('ftp')).toEqual(['none', 'token']);
    const parsed = ftp('ftps://host/x');
    if ('problem' in parsed) throw new Error(parsed.problem);
    expect(repoOrigin(parsed)).toBe('ftps://host:21');
    const base = {
      repoType: 'ftp',
      path: '/var/www/x',
      branch: '',
      symlinkPath: '',
      transferOption: '',
      notifyType: 0,
      notifyTarget: '',
    };
    expect(projectFormProblems({ ...base, url: 'ftps://host/x', repoAuthType: 'token' })).toEqual([
      { path: 'url', message: FTP_URL_RULES.needUser },
    ]);
    expect(projectFormProblems({ ...base, url: 'ftps://u@host/x', repoAuthType: 'token' })).toEqual(
      [],
    );
    expect(projectFormProblems({ ...base, url: 'ftps://host/x', repoAuthType: 'key' })).toEqual([
      { path: 'repoAuthType', message: 'must be one of none, token for a ftps address' },
    ]);
  });
});
