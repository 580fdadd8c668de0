import fs from 'node:fs';
import path from 'node:path';
import {
  parseFtpUrl,
  parseRepoUrl,
  parseSftpUrl,
  repoOrigin,
  withoutFtpPassword,
  type RepoAuthType,
} from '@ferry/contract';
import ssh2, { type ParsedKey } from 'ssh2';
import type { SecretBox } from '../../core/crypto.js';
import { invalid } from '../../core/errors.js';
import type { GitCredential, GitRemote } from '../../infra/git/git-client.js';
import type { FtpRemote } from '../../infra/source-tree/ftp-source.js';
import type { SftpRemote } from '../../infra/source-tree/sftp-source.js';
import { KEY_FILE_RULE, type KeyFiles } from '../../infra/ssh/key-files.js';
import type { SshAuth } from '../../infra/ssh/ssh-auth.js';
import { unusableKey } from '../../infra/ssh/ssh-errors.js';
import type { SvnRemote } from '../../infra/svn/svn-client.js';
import type { ProjectRecord } from './project.repository.js';

/** How the console reaches a project's repository, secrets in clear (never leaves the server). */
export interface RepoAccess {
  repoType: string;
  url: string;
  authType: RepoAuthType;
  username: string;
  token: string;
  privateKey: string;
  /** scheme://host:port the secrets belong to; '' without secrets. */
  origin: string;
  /** An FTPS source's certificate is not checked (the project asked for it). */
  tlsSkipVerify: boolean;
}

interface RepoInput {
  repoType: string;
  url: string;
  repoAuthType: RepoAuthType;
  repoUsername: string;
  repoToken: string;
  repoPrivateKey: string;
  repoTlsSkipVerify?: number | undefined;
}

export function accessFromRow(row: ProjectRecord, box: SecretBox): RepoAccess {
  const open = (sealed: string) => (sealed ? box.open(sealed) : '');
  return {
    repoType: row.repo_type,
    url: row.url,
    authType: row.repo_auth_type as RepoAuthType,
    username: row.repo_username,
    token: open(row.repo_token),
    privateKey: open(row.repo_private_key),
    origin: row.repo_credential_origin,
    tlsSkipVerify: row.repo_tls_skip_verify === 1,
  };
}

/**
 * The form's repository part, with empty secrets taken from `stored`. SECURITY: a stored token or
 * key is reused only when the address still points at the origin it was saved for; otherwise
 * the form must carry the token again, so editing the address cannot send it to another host.
 */
export function accessFromInput(given: RepoInput, stored?: RepoAccess): RepoAccess {
  if (given.repoType === 'empty') {
    return { ...NO_ACCESS, repoType: 'empty', url: '' };
  }
  const input = ftpPasswordApart(given);
  const parsed = parseRepoUrl(input.url, input.repoType);
  if ('problem' in parsed) throw invalid('url', parsed.problem);
  const origin = repoOrigin(parsed);
  const reusable = stored && stored.origin === origin ? stored : undefined;
  const base = {
    ...NO_ACCESS,
    repoType: input.repoType,
    url: input.url,
    tlsSkipVerify: input.repoType === 'ftp' && input.repoTlsSkipVerify === 1,
  };
  switch (input.repoAuthType) {
    case 'none':
    case 'consoleKey':
      return { ...base, authType: input.repoAuthType };
    case 'token': {
      // SFTP and FTP sources name their login user in the address; the token is its password.
      if (!input.repoUsername && input.repoType !== 'sftp' && input.repoType !== 'ftp') {
        throw invalid('repoUsername', 'must not be empty for token login');
      }
      const token = input.repoToken || reusable?.token || '';
      if (!token) throw invalid('repoToken', missingRule(stored, origin));
      return { ...base, authType: 'token', username: input.repoUsername, token, origin };
    }
    case 'key': {
      // A key login shows the host a signature, never the key: the stored key may follow the
      // address to another host, as a server's stored key does (decision 0008).
      const privateKey = input.repoPrivateKey || stored?.privateKey || '';
      if (!privateKey) throw invalid('repoPrivateKey', 'is required');
      if (input.repoPrivateKey) assertUsableKey(privateKey);
      return { ...base, authType: 'key', privateKey, origin };
    }
  }
}

const NO_ACCESS: RepoAccess = {
  repoType: 'git',
  url: '',
  authType: 'none',
  username: '',
  token: '',
  privateKey: '',
  origin: '',
  tlsSkipVerify: false,
};

function missingRule(stored: RepoAccess | undefined, origin: string) {
  return stored?.token && stored.origin !== origin
    ? 'is required again: the repository address points at another host'
    : 'is required';
}

/** OpenSSH reads OpenSSH and PEM keys without a passphrase prompt; nothing else works for git. */
function assertUsableKey(text: string): void {
  const parsed: ParsedKey | ParsedKey[] | Error = ssh2.utils.parseKey(text);
  if (parsed instanceof Error) {
    if (/passphrase/i.test(parsed.message)) {
      throw invalid('repoPrivateKey', 'must not be encrypted: use a deploy key without passphrase');
    }
    throw invalid('repoPrivateKey', 'must be a private key in OpenSSH or PEM format');
  }
  const key = ([] as ParsedKey[]).concat(parsed)[0];
  if (!key?.isPrivateKey() || !text.includes('-----BEGIN')) {
    throw invalid('repoPrivateKey', 'must be a private key in OpenSSH or PEM format');
  }
}

/** The sealed columns of the project row. */
export function sealAccess(a: RepoAccess, box: SecretBox) {
  const seal = (plain: string) => (plain ? box.seal(plain) : '');
  return {
    repo_type: a.repoType,
    url: a.url,
    repo_auth_type: a.authType,
    repo_username: a.username,
    repo_token: seal(a.token),
    repo_private_key: seal(a.privateKey),
    repo_credential_origin: a.origin,
    repo_tls_skip_verify: a.tlsSkipVerify ? 1 : 0,
  };
}

export function gitRemoteOf(a: RepoAccess): GitRemote {
  const credential: GitCredential =
    a.authType === 'token'
      ? { type: 'token', username: a.username, token: a.token }
      : a.authType === 'key'
        ? { type: 'key', privateKey: a.privateKey }
        : a.authType === 'consoleKey'
          ? { type: 'consoleKey' }
          : { type: 'none' };
  return { url: a.url, credential };
}

/** A Subversion project's address and login: the token is the password. */
export function svnRemoteOf(a: RepoAccess): SvnRemote {
  return a.authType === 'token'
    ? { url: a.url, username: a.username, password: a.token }
    : { url: a.url, username: '', password: '' };
}

/**
 * goploy's clients put an FTP password in the address (`ftp://user:pass@host/path`). SECURITY: it
 * is taken out and becomes the sealed credential, so the stored and shown address holds none.
 */
function ftpPasswordApart(input: RepoInput): RepoInput {
  if (input.repoType !== 'ftp') return input;
  const parsed = parseFtpUrl(input.url);
  if ('problem' in parsed || !parsed.password) return input;
  return {
    ...input,
    url: withoutFtpPassword(input.url),
    repoAuthType: 'token',
    repoToken: parsed.password,
  };
}

/** An FTP source's address and login: the user of the address, the token as its password. */
export function ftpRemoteOf(a: RepoAccess): FtpRemote {
  const parsed = parseFtpUrl(a.url);
  if ('problem' in parsed) throw invalid('url', parsed.problem);
  const login = a.authType === 'token';
  return {
    secure: parsed.kind === 'ftps',
    host: parsed.host,
    port: parsed.port || 21,
    user: login ? parsed.user : '',
    password: login ? a.token : '',
    path: parsed.path,
    skipVerify: a.tlsSkipVerify,
  };
}

/**
 * An SFTP source's address and login: the user of the address, the token as its password, or
 * the key file the address names (goploy's `--keyFile=`), read through `keyFiles` as servers'
 * key files are, when the connection is made.
 */
export function sftpRemoteOf(a: RepoAccess, keyFiles: KeyFiles): SftpRemote {
  const parsed = parseSftpUrl(a.url);
  if ('problem' in parsed) throw invalid('url', parsed.problem);
  const port = parsed.port || 22;
  const keyFileText = () => {
    const text = keyFiles.read(parsed.keyFile);
    if (text === undefined) {
      throw unusableKey(`${parsed.user}@${parsed.host}:${port}`, `the key file ${KEY_FILE_RULE}`);
    }
    return text;
  };
  const auth: SshAuth =
    a.authType === 'token'
      ? { kind: 'password', password: a.token }
      : a.authType === 'key'
        ? { kind: 'key', privateKey: a.privateKey }
        : a.authType === 'consoleKey'
          ? { kind: 'consoleKey' }
          : { kind: 'key', privateKey: keyFileText() };
  return { host: parsed.host, port, user: parsed.user, path: parsed.path, auth };
}

/**
 * SECURITY: the key file an SFTP address names must be one servers could log in with too: inside
 * the key directory, never the console's own key (`createKeyFiles`). Checked when the project is
 * saved or tested, and again at each connection.
 */
export function assertUsableKeyFile(input: { url: string; repoType: string }, keyFiles: KeyFiles) {
  if (input.repoType !== 'sftp') return;
  const parsed = parseSftpUrl(input.url);
  if ('problem' in parsed || !parsed.keyFile) return;
  if (keyFiles.read(parsed.keyFile) === undefined) {
    throw invalid('url', `--keyFile= ${KEY_FILE_RULE}`);
  }
}

/**
 * SECURITY: a `file://` repository must not lie inside the console's data directory, where other
 * namespaces' working copies, keys and recordings live.
 */
export function assertOutsideDataDir(url: string, dataDir: string): void {
  const parsed = parseRepoUrl(url);
  if ('problem' in parsed || parsed.kind !== 'file') return;
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  const target = real(parsed.path);
  const root = real(dataDir);
  if (target === root || target.startsWith(`${root}${path.sep}`)) {
    throw invalid('url', "must not point inside the console's data directory");
  }
}
