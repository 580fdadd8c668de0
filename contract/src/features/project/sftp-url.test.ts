import { describe, expect, it } from 'vitest';
import { authTypesFor, authTypesOf, parseRepoUrl, repoOrigin } from './repo-url.js';
import { SFTP_URL_RULES, type SftpUrl } from './sftp-url.js';

const sftp = (url: string) => parseRepoUrl(url, 'sftp');

describe('an SFTP source address', () => {
  it.each<[string, SftpUrl]>([
    [
      'sftp://files.example.com/srv/builds/shop',
      {
        kind: 'sftp',
        host: 'files.example.com',
        port: 0,
        user: 'root',
        path: '/srv/builds/shop',
        keyFile: '',
      },
    ],
    [
      'sftp://deploy@10.0.0.5:2222/srv/shop/',
      {
        kind: 'sftp',
        host: '10.0.0.5',
        port: 2222,
        user: 'deploy',
        path: '/srv/shop',
        keyFile: '',
      },
    ],
    // goploy's form: the user as an option after the address.
    [
      'sftp://Files.example.com:22/srv/shop --user=www-data',
      {
        kind: 'sftp',
        host: 'files.example.com',
        port: 22,
        user: 'www-data',
        path: '/srv/shop',
        keyFile: '',
      },
    ],
    // goploy's key file option: read by the server inside its key directory only.
    [
      'sftp://files.example.com/srv/shop --user=deploy --keyFile=/etc/ferry/keys/shop',
      {
        kind: 'sftp',
        host: 'files.example.com',
        port: 0,
        user: 'deploy',
        path: '/srv/shop',
        keyFile: '/etc/ferry/keys/shop',
      },
    ],
    [
      'sftp://[::1]:2200/srv/a%20b',
      { kind: 'sftp', host: '::1', port: 2200, user: 'root', path: '/srv/a b', keyFile: '' },
    ],
  ])('reads %s', (url, expected) => {
    expect(sftp(url)).toEqual(expected);
  });

  it.each<[string, string]>([
    ['sftp://host/srv --keyFile=keys/id_rsa', SFTP_URL_RULES.keyFile],
    ['sftp://host/srv --keyFile=', SFTP_URL_RULES.keyFile],
    ['sftp://root:secret@host/srv', SFTP_URL_RULES.password],
    ['sftp://-oProxyCommand=id@host/srv', SFTP_URL_RULES.user],
    ['sftp://host/srv --user=-oProxyCommand=id', SFTP_URL_RULES.user],
    ['sftp://host/srv --user=', SFTP_URL_RULES.user],
    ['sftp://host', SFTP_URL_RULES.noPath],
    ['sftp://host/', SFTP_URL_RULES.path],
    ['sftp://host/srv/../etc', SFTP_URL_RULES.path],
    ['sftp://host/srv/%2e%2e/etc', SFTP_URL_RULES.path],
    ['sftp://host/srv/%00x', SFTP_URL_RULES.noPath],
    ['sftp://host/srv ;id', SFTP_URL_RULES.rule],
    ['sftp://host/srv --config=/tmp/x', SFTP_URL_RULES.rule],
    ['sftp://host:0/srv', SFTP_URL_RULES.rule],
    ['sftp://host:70000/srv', SFTP_URL_RULES.rule],
    ['sftp://ho st/srv', SFTP_URL_RULES.rule],
    ['sftp://host\\@evil/srv', SFTP_URL_RULES.rule],
    ['sftp://host/srv\ttab', SFTP_URL_RULES.rule],
    ['ftp://host/srv', SFTP_URL_RULES.rule],
    ['--config-dir=/tmp sftp://host/srv', SFTP_URL_RULES.rule],
  ])('refuses %s', (url, problem) => {
    expect(sftp(url)).toEqual({ problem });
  });

  it('logs in with a password, a pasted key or the console key, never anonymously', () => {
    expect(authTypesFor('sftp')).toEqual(['token', 'key', 'consoleKey']);
    // A key file named in the address is the credential.
    const named = sftp('sftp://host/srv --keyFile=/keys/id');
    if ('problem' in named) throw new Error(named.problem);
    expect(authTypesOf(named)).toEqual(['none']);
  });

  it('keeps credentials to the host and port they were given for', () => {
    const parsed = sftp('sftp://deploy@files.example.com/srv');
    if ('problem' in parsed) throw new Error(parsed.problem);
    expect(repoOrigin(parsed)).toBe('sftp://files.example.com:22');
  });
});
