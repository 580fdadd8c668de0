import { isHost } from '../server/server-constants.js';
import type { RepoUrl } from './repo-url.js';

/** The problems of an FTP address, for the web app's translations. */
export const FTP_URL_RULES = {
  rule: 'must be an FTP address: ftp://host/path or ftps://user@host:port/path',
  user: 'must name a login user without spaces or control characters',
  path: 'must name a folder without . or .. parts',
  needUser: 'must name the user for a password login: ftp://user@host/path',
} as const;

/** An FTP address taken apart, with the password goploy's clients put in it ('' when none). */
export interface FtpUrl extends RepoUrl {
  password: string;
}

/**
 * SECURITY: the address of an FTP source, in goploy's form: `ftp://` or `ftps://` (explicit TLS),
 * `[user[:password]@]host[:port]/path`. A password in the address is answered apart, so the
 * server can seal it as the project's credential and keep the address without it.
 */
export function parseFtpUrl(value: string): FtpUrl | { problem: string } {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return { problem: FTP_URL_RULES.rule };
  const m = /^(ftps?):\/\/([^/]*)(\/.*)?$/i.exec(value);
  if (!m) return { problem: FTP_URL_RULES.rule };
  const [, scheme = '', authority = '', rawPath = '/'] = m;
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? '' : authority.slice(0, at);
  const colon = userInfo.indexOf(':');
  const user = decode(colon === -1 ? userInfo : userInfo.slice(0, colon));
  const password = colon === -1 ? '' : decode(userInfo.slice(colon + 1));
  // eslint-disable-next-line no-control-regex
  if (user === undefined || password === undefined || /[\s\u0000-\u001f\u007f]/.test(user)) {
    return { problem: FTP_URL_RULES.user };
  }
  const hostPort = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(authority.slice(at + 1));
  if (!hostPort) return { problem: FTP_URL_RULES.rule };
  const host = hostPort[1]!.replace(/^\[(.*)\]$/, '$1');
  const port = hostPort[2] ? Number(hostPort[2]) : 0;
  if (!isHost(host) || port > 65_535 || (hostPort[2] && port === 0)) {
    return { problem: FTP_URL_RULES.rule };
  }
  const path = decode(rawPath);
  // eslint-disable-next-line no-control-regex
  if (path === undefined || /[\u0000-\u001f\u007f]/.test(path))
    return { problem: FTP_URL_RULES.path };
  if (path.split('/').some((part) => part === '.' || part === '..')) {
    return { problem: FTP_URL_RULES.path };
  }
  const kind = scheme.toLowerCase() === 'ftps' ? 'ftps' : 'ftp';
  return {
    kind,
    host: host.toLowerCase(),
    port,
    user,
    path: path.replace(/(.)\/+$/, '$1'),
    password,
  };
}

/** The address without its password, as it is stored and shown. */
export function withoutFtpPassword(value: string): string {
  return value.replace(/^(ftps?:\/\/)([^/@:]*):[^/]*@/i, '$1$2@');
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
