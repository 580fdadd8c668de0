import fs from 'node:fs';
import path from 'node:path';
import type { RepoUrl } from '@ferry/contract';
import { shellJoin } from '../ssh/quote.js';
import { GitError } from './git-errors.js';

/** How the console proves who it is to a repository. */
export type GitCredential =
  | { type: 'none' }
  /** https only: the token is the password, given to git through GIT_ASKPASS. */
  | { type: 'token'; username: string; token: string }
  /** ssh: a pasted, unencrypted private key (OpenSSH or PEM). */
  | { type: 'key'; privateKey: string }
  /** ssh: the console's own key file. */
  | { type: 'consoleKey' };

/** A repository address and the credential for it. */
export interface GitRemote {
  url: string;
  credential: GitCredential;
}

/** The console's private git places under `<dataDir>/git`. */
export interface GitPaths {
  /** HOME of every git run: empty, so no user's config, keys or credential helpers apply. */
  home: string;
  askpass: string;
  /** Pasted keys live here (in 0700 directories of their own) while a command runs. */
  tmp: string;
}

/** What one git run against a remote needs beyond the base environment. */
export interface RemoteSession {
  env: NodeJS.ProcessEnv;
  /** `-c` arguments that go before the git command. */
  config: string[];
  /** Values that must never appear in a message. */
  secrets: string[];
  /** Removes a temporary key file; call in `finally`. */
  dispose(): void;
}

/*
 * Prints the username for git's "Username for …" prompt and the password for any other one.
 * The values come from the environment of this one git run, never from a file or argv.
 */
const ASKPASS = `#!/bin/sh
case "$1" in
  Username*) printf '%s\\n' "$FERRY_GIT_USERNAME" ;;
  *) printf '%s\\n' "$FERRY_GIT_PASSWORD" ;;
esac
`;

/** Creates the private home and the askpass script (once); answers the paths. */
export function prepareGitPaths(dataDir: string): GitPaths {
  const root = path.join(dataDir, 'git');
  const paths = {
    home: path.join(root, 'home'),
    askpass: path.join(root, 'askpass.sh'),
    tmp: path.join(root, 'tmp'),
  };
  for (const dir of [root, paths.home, paths.tmp])
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const current = fs.existsSync(paths.askpass) ? fs.readFileSync(paths.askpass, 'utf8') : '';
  if (current !== ASKPASS) {
    const temp = `${paths.askpass}.${process.pid}.tmp`;
    fs.writeFileSync(temp, ASKPASS, { mode: 0o700 });
    fs.renameSync(temp, paths.askpass);
  }
  return paths;
}

/**
 * The operator's network settings, passed on so git works behind a proxy or with a private CA.
 * They come from the console's own environment, never from a user; TLS checks cannot be
 * switched off this way (GIT_SSL_NO_VERIFY is not among them).
 */
const NETWORK_VARIABLES = [
  ...['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'],
  ...['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'],
  ...['GIT_SSL_CAINFO', 'GIT_SSL_CAPATH', 'SSL_CERT_FILE', 'SSL_CERT_DIR'],
];

/**
 * SECURITY: the whole environment of a git run. Nothing else of the console's own environment
 * leaks in (no SSH_AUTH_SOCK, no GIT_CONFIG_* or GIT_DIR), HOME is the private one, system and
 * global config are off, and git never prompts. The ceiling stops git from taking a repository
 * that happens to enclose the data directory for its own.
 */
export function baseEnv(paths: GitPaths): NodeJS.ProcessEnv {
  const network: NodeJS.ProcessEnv = {};
  for (const name of NETWORK_VARIABLES) {
    if (process.env[name] !== undefined) network[name] = process.env[name];
  }
  return {
    ...network,
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: paths.home,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CEILING_DIRECTORIES: path.dirname(paths.home),
  };
}

/** `-c` settings for every git run: no credential helper, no hooks. */
export const COMMON_CONFIG = ['-c', 'credential.helper=', '-c', 'core.hooksPath=/dev/null'];

/**
 * SECURITY: `-c` settings for a run that talks to `url`: only the address's own transport is
 * allowed (no `ext::`, no redirect to another scheme) and https redirects are not followed, so
 * the askpass answer only ever goes to the host the address names.
 */
function remoteConfig(url: RepoUrl): string[] {
  return [
    ...['-c', 'protocol.allow=never', '-c', `protocol.${url.kind}.allow=always`],
    ...['-c', 'http.followRedirects=false'],
  ];
}

/** Environment and settings for one run against `remote`; writes a pasted key to a temp file. */
export function openRemoteSession(
  paths: GitPaths,
  remote: GitRemote,
  url: RepoUrl,
  knownHostsFile: string,
  consoleKeyFile: () => string,
): RemoteSession {
  const config = [...COMMON_CONFIG, ...remoteConfig(url)];
  const env = baseEnv(paths);
  const { credential } = remote;
  const session = (
    extra: NodeJS.ProcessEnv,
    secrets: string[],
    dispose: () => void = () => undefined,
  ): RemoteSession => ({ env: { ...env, ...extra }, config, secrets, dispose });
  if (credential.type === 'token') {
    if (url.kind !== 'https') throw mismatch('A token is sent only over https');
    const extra = {
      GIT_ASKPASS: paths.askpass,
      FERRY_GIT_USERNAME: credential.username,
      FERRY_GIT_PASSWORD: credential.token,
    };
    return session(extra, [credential.token]);
  }
  if (url.kind !== 'ssh') {
    if (credential.type !== 'none') throw mismatch('An SSH key needs an ssh address');
    return session({}, []);
  }
  fs.mkdirSync(path.dirname(knownHostsFile), { recursive: true, mode: 0o700 });
  if (credential.type === 'none') return session(sshEnv(knownHostsFile, undefined), []);
  if (credential.type === 'consoleKey') {
    return session(sshEnv(knownHostsFile, consoleKeyFile()), []);
  }
  const keyDir = fs.mkdtempSync(path.join(paths.tmp, 'key-')); // mkdtemp: mode 0700
  const keyFile = path.join(keyDir, 'id');
  const dispose = () => fs.rmSync(keyDir, { recursive: true, force: true });
  try {
    fs.writeFileSync(keyFile, normaliseKey(credential.privateKey), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    dispose();
    throw e;
  }
  return session(sshEnv(knownHostsFile, keyFile), keyLines(credential.privateKey), dispose);
}

/**
 * SECURITY: the ssh command line git runs, quoted by the project's one quoting helper. No user
 * or system ssh config, no agent, only the given key, the console's own known_hosts (a new host
 * is trusted on first use, a changed key is refused), never a prompt.
 */
function sshEnv(knownHostsFile: string, keyFile: string | undefined): NodeJS.ProcessEnv {
  const knownHosts = `UserKnownHostsFile=${quoted(literalSshPath(knownHostsFile))}`;
  const argv = [
    ...['ssh', '-F', '/dev/null', '-o', 'BatchMode=yes', '-o', 'IdentitiesOnly=yes'],
    ...['-o', 'IdentityAgent=none', '-o', knownHosts, '-o', 'GlobalKnownHostsFile=/dev/null'],
    ...['-o', 'StrictHostKeyChecking=accept-new', '-o', 'HashKnownHosts=no'],
    ...['-o', 'ConnectTimeout=10'],
    // Not `-i`: ssh checks that path before expanding tokens, so a `%` in it could never work.
    ...(keyFile ? ['-o', `IdentityFile=${quoted(literalSshPath(keyFile))}`] : []),
  ];
  return { GIT_SSH_COMMAND: shellJoin(argv), GIT_SSH_VARIANT: 'ssh' };
}

/**
 * SECURITY: ssh expands `%` tokens and `${VAR}` in file options; `%%` keeps a percent sign
 * literal, and a path that would expand a variable is refused.
 */
function literalSshPath(file: string): string {
  if (file.includes('${') || file.includes('"')) {
    throw new Error(`ssh cannot be given this path literally: ${file}`);
  }
  return file.replaceAll('%', '%%');
}

/** ssh splits option values at spaces; double quotes keep one path together. */
function quoted(file: string): string {
  return /\s/.test(file) ? `"${file}"` : file;
}

/** OpenSSH wants LF line ends and a final newline; pasted keys often lack both. */
function normaliseKey(privateKey: string): string {
  return `${privateKey.replace(/\r\n?/g, '\n').trim()}\n`;
}

/** The key and each of its body lines, so not even a fragment of it reaches a message. */
function keyLines(privateKey: string): string[] {
  const lines = privateKey.split(/\r?\n/).filter((l) => l.length >= 16 && !l.startsWith('-----'));
  return [privateKey, ...lines];
}

function mismatch(message: string): GitError {
  return new GitError('git_failed', message);
}
