import { isHost } from '../server/server-constants.js';
import { parseFtpUrl } from './ftp-url.js';
import { parseSftpUrl } from './sftp-url.js';

/**
 * How git or svn reaches a repository, or the console an SFTP source. scp-like `user@host:path`
 * counts as `ssh`; `svn` is svnserve's own protocol.
 */
export type RepoUrlKind =
  'https' | 'http' | 'ssh' | 'git' | 'file' | 'svn' | 'sftp' | 'ftp' | 'ftps';

/** A repository address taken apart; `port` is 0 when the scheme's default applies. */
export interface RepoUrl {
  kind: RepoUrlKind;
  host: string;
  port: number;
  user: string;
  path: string;
}

const SCHEMES: Record<string, RepoUrlKind> = {
  'https:': 'https',
  'http:': 'http',
  'ssh:': 'ssh',
  'git+ssh:': 'ssh',
  'ssh+git:': 'ssh',
  'git:': 'git',
  'file:': 'file',
};

const SVN_SCHEMES: Record<string, RepoUrlKind> = {
  'https:': 'https',
  'http:': 'http',
  'svn:': 'svn',
  'file:': 'file',
};

const RULE =
  'must be a git address: https://host/path, ssh://user@host/path, user@host:path, git://host/path or file:///path';
const SVN_RULE =
  'must be a Subversion address: svn://host/path, https://host/path, http://host/path or file:///path';

/**
 * SECURITY: the one parser of repository addresses: of a git project, of a Subversion one
 * (`repoType` svn), of an SFTP source (sftp, see `parseSftpUrl`) or of an FTP one (ftp,
 * `parseFtpUrl`, which takes goploy's password in the address apart). Anything git or svn would
 * read as an option (a leading `-`), a transport helper (`ext::`, `fd::`), whitespace or control
 * characters is refused; so is a password inside a git or svn address, which would be stored and
 * shown in clear text. Answers the parts, or the rule the value breaks.
 */
export function parseRepoUrl(value: string, repoType = 'git'): RepoUrl | { problem: string } {
  const svn = repoType === 'svn';
  const rule = svn ? SVN_RULE : RULE;
  if (value === '') return { problem: 'must not be empty' };
  if (value.length > 1024) return { problem: 'must be at most 1024 characters' };
  if (repoType === 'sftp') return parseSftpUrl(value);
  if (repoType === 'ftp') return parseFtpUrl(value);
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return { problem: 'must not contain spaces' };
  if (value.startsWith('-')) return { problem: rule };
  // SECURITY: git reads `<scheme chars>::` at the start as a transport helper (`ext::sh -c …`);
  // only there, so an IPv6 host such as `[::1]` stays usable.
  if (/^[a-z0-9+.-]*::/i.test(value)) return { problem: rule };
  // SECURITY: the URL class reads `\` as `/` while curl and ssh keep it in the authority, so
  // `https://trusted\@evil/x` would look like trusted here and send a stored token to evil.
  if (value.includes('\\')) return { problem: rule };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value);
  if (scheme) return parseWithScheme(value, scheme[1]!.toLowerCase(), svn);
  return svn ? { problem: SVN_RULE } : parseScpLike(value);
}

function parseWithScheme(
  value: string,
  scheme: string,
  svn: boolean,
): RepoUrl | { problem: string } {
  const kind = (svn ? SVN_SCHEMES : SCHEMES)[`${scheme}:`];
  if (svn && scheme === 'svn+ssh') {
    return { problem: 'must not be svn+ssh://: use svn://, https:// or file://' };
  }
  const rule = svn ? SVN_RULE : RULE;
  if (!kind) return { problem: rule };
  if (kind === 'file') {
    const path = value.slice('file://'.length);
    if (!path.startsWith('/') || path.split('/').includes('..')) {
      return { problem: 'must be file:// followed by an absolute path' };
    }
    return { kind, host: '', port: 0, user: '', path };
  }
  let url: URL;
  try {
    url = new URL(value.replace(/^[a-z+]+:/i, 'http:'));
  } catch {
    return { problem: rule };
  }
  if (url.password) {
    return { problem: 'must not contain a password: enter the token as the credential instead' };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const user = decodeOrUndefined(url.username);
  const path = decodeOrUndefined(url.pathname);
  // SECURITY: ssh reads a user starting with `-` as an option (`-oProxyCommand=…@host`).
  if (!isHost(host) || user === undefined || user.startsWith('-') || path === undefined) {
    return { problem: rule };
  }
  if (path === '/' || path === '') return { problem: 'must name a repository after the host' };
  // The URL class drops a port that is http's default; read it from the authority itself.
  const authority = value
    .slice(scheme.length + 3)
    .split('/')[0]!
    .replace(/^.*@/, '');
  const explicitPort = /:(\d+)$/.exec(authority);
  return {
    kind,
    host,
    port: explicitPort ? Number(explicitPort[1]) : 0,
    user,
    path,
  };
}

/** A malformed escape such as `%zz` makes the address unusable instead of throwing. */
function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function parseScpLike(value: string): RepoUrl | { problem: string } {
  const m = /^(?:([^@/:]+)@)?([^@/:]+):(.+)$/.exec(value);
  if (!m) return { problem: RULE };
  const [, user = '', host = '', path = ''] = m;
  // `C:repo` is a Windows drive, not a host; a host of one letter is refused.
  if (host.length < 2 || !isHost(host) || path.startsWith('-')) return { problem: RULE };
  // Host names compare without case, as the URL class already answers them for ssh:// addresses.
  return { kind: 'ssh', host: host.toLowerCase(), port: 0, user, path };
}

/** The rule a repository address breaks, or undefined when it is usable. */
export function repoUrlProblem(value: string, repoType = 'git'): string | undefined {
  const parsed = parseRepoUrl(value, repoType);
  return 'problem' in parsed ? parsed.problem : undefined;
}

/**
 * Where credentials go: scheme, host and port. SECURITY: a stored token or key is used again only
 * for the same origin, so changing the address to one's own host cannot collect it.
 */
export function repoOrigin(url: RepoUrl): string {
  return `${url.kind}://${url.host}:${url.port || defaultPort(url.kind)}`;
}

export function defaultPort(kind: RepoUrlKind): number {
  return {
    https: 443,
    http: 80,
    ssh: 22,
    git: 9418,
    file: 0,
    svn: 3690,
    sftp: 22,
    ftp: 21,
    ftps: 21,
  }[kind];
}

/**
 * Which credential types suit an address: its kind's, except an SFTP address naming a key file
 * (goploy's `--keyFile=`), whose key file is its credential (type none).
 */
export function authTypesOf(url: RepoUrl): readonly string[] {
  return 'keyFile' in url && url.keyFile ? ['none'] : authTypesFor(url.kind);
}

/** Which credential types suit an address kind. */
export function authTypesFor(kind: RepoUrlKind): readonly string[] {
  // svnserve proves the password without sending it (CRAM-MD5); http:// would send it in clear.
  if (kind === 'https' || kind === 'svn') return ['none', 'token'];
  // No anonymous ssh: ssh would fall back to the console OS user's own keys.
  if (kind === 'ssh') return ['key', 'consoleKey'];
  // SSH encrypts a password, so an SFTP source may log in with one.
  if (kind === 'sftp') return ['token', 'key', 'consoleKey'];
  // Anonymous, or a user and password (in clear over ftp://, as the address says).
  if (kind === 'ftp' || kind === 'ftps') return ['none', 'token'];
  return ['none'];
}
