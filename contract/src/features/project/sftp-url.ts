import { isHost } from '../server/server-constants.js';
import type { RepoUrl } from './repo-url.js';

/** The problems of an SFTP address, for the web app's translations. */
export const SFTP_URL_RULES = {
  rule: 'must be an SFTP address: sftp://host/path or sftp://user@host:port/path, optionally followed by --user=name',
  keyFile: 'must follow --keyFile= with the absolute path of a key file',
  password: 'must not contain a password: enter it as the credential instead',
  user: 'must name a login user of letters, digits, _ . and -',
  noPath: 'must name the source directory after the host: sftp://host/path',
  path: 'must name a source directory below the root, without . or .. parts',
} as const;

const SFTP_RULE = SFTP_URL_RULES.rule;

/** A login name ssh accepts and never reads as an option. */
const USER = /^[a-z_][a-z0-9_.-]{0,31}$/i;

/** An SFTP address taken apart, with the key file goploy's `--keyFile=` names ('' when none). */
export interface SftpUrl extends RepoUrl {
  keyFile: string;
}

/**
 * SECURITY: the address of an SFTP source, in goploy's form: `sftp://[user@]host[:port]/path`,
 * optionally followed by ` --user=name` (goploy's login option; root when neither names a user)
 * and ` --keyFile=/path` (a private key file on the console host: the server reads it only inside
 * its key directory, as for servers' key files, and never the console's own key).
 */
export function parseSftpUrl(value: string): SftpUrl | { problem: string } {
  const [address = '', ...options] = value.split(' ').filter((part) => part !== '');
  let optionUser: string | undefined;
  let keyFile = '';
  for (const option of options) {
    const file = /^--keyFile=(.*)$/.exec(option);
    if (file) {
      // eslint-disable-next-line no-control-regex
      if (!file[1]!.startsWith('/') || /[\u0000-\u001f\u007f]/.test(file[1]!)) {
        return { problem: SFTP_URL_RULES.keyFile };
      }
      keyFile = file[1]!;
      continue;
    }
    const user = /^--user=(.*)$/.exec(option);
    if (!user) return { problem: SFTP_RULE };
    optionUser = user[1]!;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\t\n\r\u0000-\u001f\u007f\\]/.test(value)) return { problem: SFTP_RULE };
  const scheme = /^sftp:\/\/([^/]*)(\/.*)?$/i.exec(address);
  if (!scheme) return { problem: SFTP_RULE };
  const [, authority = '', rawPath = ''] = scheme;
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? '' : authority.slice(0, at);
  if (userInfo.includes(':')) {
    return { problem: SFTP_URL_RULES.password };
  }
  const hostPort = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(authority.slice(at + 1));
  if (!hostPort) return { problem: SFTP_RULE };
  const host = hostPort[1]!.replace(/^\[(.*)\]$/, '$1');
  const port = hostPort[2] ? Number(hostPort[2]) : 0;
  if (!isHost(host) || port > 65_535 || (hostPort[2] && port === 0)) return { problem: SFTP_RULE };
  const user = optionUser ?? (userInfo ? decodeOrUndefined(userInfo) : 'root');
  if (user === undefined || !USER.test(user)) {
    return { problem: SFTP_URL_RULES.user };
  }
  const path = decodeOrUndefined(rawPath);
  // eslint-disable-next-line no-control-regex
  if (path === undefined || !path.startsWith('/') || /[\u0000-\u001f\u007f]/.test(path)) {
    return { problem: SFTP_URL_RULES.noPath };
  }
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '' || trimmed.split('/').some((part) => part === '.' || part === '..')) {
    return { problem: SFTP_URL_RULES.path };
  }
  return { kind: 'sftp', host: host.toLowerCase(), port, user, path: trimmed, keyFile };
}

function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
