import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { shellJoin } from '../ssh/quote.js';
import { resolveAuthMethod } from '../ssh/ssh-auth.js';
import { rshJoin } from './rsh-quote.js';
import type { ReuseControl } from './ssh-reuse.js';

/** How the local ssh (under rsync) logs in. */
export type TransferAuth =
  | { kind: 'password'; password: string }
  /** Written to a 0600 temp file for the run. */
  | { kind: 'key'; privateKey: string; passphrase?: string }
  /** A key file on the console host. */
  | { kind: 'keyFile'; path: string; passphrase?: string };

/** One SSH server, the login on it, and its trusted host key as a `known_hosts` line. */
export interface TransferHop {
  host: string;
  port: number;
  user: string;
  auth: TransferAuth;
  knownHostsLine: string;
}

/** The server to send to, optionally through a jump host. */
export interface TransferTarget extends TransferHop {
  jump?: TransferHop;
  /** The login to share with other transfers to this server (see `SshReuse`); none: its own. */
  reuse?: ReuseControl;
}

/** A private ssh setup for one rsync run. */
export interface PreparedSsh {
  /** rsync's `-e` value (rsync splits it on spaces and honours single/double quotes). */
  rsh: string;
  /** What goes before `:` in rsync's destination (`<alias>:<path>`). */
  destHost: string;
  /** The whole environment for rsync: PATH, a private HOME, a UTF-8 locale, SHELL=/bin/sh. */
  env: NodeJS.ProcessEnv;
  /** Removes the temp dir with the config, keys, password files and known_hosts. */
  dispose(): Promise<void>;
}

const TARGET_ALIAS = 'ferry-target';
const JUMP_ALIAS = 'ferry-jump';

/** The files one hop's login needs: the key ssh reads, the words that put sshpass in front. */
interface Login {
  identityFile?: string;
  /** `sshpass -f <file> [-P assphrase]`, or nothing when ssh needs no typed secret. */
  sshpass: string[];
}

/**
 * Writes a private ssh config for `target` into a fresh temp dir and answers the `-e` value for
 * rsync. Keys are checked first (a wrong passphrase fails here, clearly, not inside rsync).
 */
export async function prepareSsh(target: TransferTarget): Promise<PreparedSsh> {
  checkHop(target, 'target');
  if (target.jump) checkHop(target.jump, 'jump host');
  await checkKeys(target);
  // SECURITY: mkdtemp makes a dir only this user can enter (0700, set again in case of a umask
  // oddity); every secret lives in it as a 0600 file and goes with dispose().
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-ssh-'));
  const dispose = () => fs.rm(dir, { recursive: true, force: true });
  try {
    await fs.chmod(dir, 0o700);
    const config = path.join(dir, 'ssh_config');
    const knownHosts = await writePrivate(dir, 'known_hosts', hopLines(target));
    const login = await writeLogin(dir, 'target', target);
    const blocks: string[] = [];
    if (target.jump) {
      const jumpLogin = await writeLogin(dir, 'jump', target.jump);
      // SECURITY: ssh expands `%` tokens in ProxyCommand, then runs it with `$SHELL -c` (SHELL
      // is /bin/sh below): the words are shell-quoted, every `%` in them doubled, and only then
      // the target's `%h:%p` appended.
      // A shared login's proxy runs in a session of its own: the login that started it ends
      // before the shared one, and a session's end hangs up what is left in it (decision 0054).
      const detach = target.reuse ? ['setsid'] : [];
      const jumpSsh = shellJoin([...detach, ...jumpLogin.sshpass, 'ssh', '-F', config]).replaceAll(
        '%',
        '%%',
      );
      const proxy = `${jumpSsh} -W %h:%p ${JUMP_ALIAS}`;
      blocks.push(hostBlock(TARGET_ALIAS, target, login, knownHosts, target.reuse, proxy));
      blocks.push(hostBlock(JUMP_ALIAS, target.jump, jumpLogin, knownHosts));
    } else {
      blocks.push(hostBlock(TARGET_ALIAS, target, login, knownHosts, target.reuse));
    }
    await writePrivate(dir, 'ssh_config', blocks.join('\n'));
    // SECURITY: no secret in argv or in the rsh string: sshpass reads it from a file (-f).
    const rsh = rshJoin([...login.sshpass, 'ssh', '-F', config]);
    const env = { PATH: process.env.PATH, HOME: dir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    return { rsh, destHost: TARGET_ALIAS, env: { ...env, SHELL: '/bin/sh' }, dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}

/**
 * SECURITY: every value written into ssh_config must stay one value: the host, user and port
 * are checked against the characters they may hold; a known_hosts line must be one line.
 */
function checkHop(hop: TransferHop, role: string): void {
  if (!/^[A-Za-z0-9._:-]+$/.test(hop.host) || hop.host.startsWith('-')) {
    throw new Error(`The ${role} address is not a host name or IP address: ${hop.host}`);
  }
  if (!/^[A-Za-z0-9_][A-Za-z0-9._-]*\$?$/.test(hop.user)) {
    throw new Error(`The ${role} user name has characters ssh cannot be given: ${hop.user}`);
  }
  if (!Number.isInteger(hop.port) || hop.port < 1 || hop.port > 65535) {
    throw new Error(`The ${role} port is not a port number: ${hop.port}`);
  }
  if (hop.knownHostsLine.trim() === '' || /[\r\n\0]/.test(hop.knownHostsLine)) {
    throw new Error(`The ${role} host key must be one known_hosts line`);
  }
  const auth = hop.auth;
  const secret = auth.kind === 'password' ? auth.password : auth.passphrase;
  // sshpass types the first line of its file; a line break would cut the secret short.
  if (secret && /[\r\n\0]/.test(secret)) {
    throw new Error(
      `The ${role} ${auth.kind === 'password' ? 'password' : 'key passphrase'} contains a line break, which cannot be typed`,
    );
  }
  if (auth.kind === 'keyFile' && !path.isAbsolute(auth.path)) {
    throw new Error(`The ${role} key file must be an absolute path: ${auth.path}`);
  }
}

/** Parses each key with its passphrase, so a wrong one is reported as such (never echoed). */
async function checkKeys(target: TransferTarget): Promise<void> {
  for (const hop of [target, ...(target.jump ? [target.jump] : [])]) {
    if (hop.auth.kind !== 'password') await resolveAuthMethod(hop, undefined);
  }
}

function hopLines(target: TransferTarget): string {
  const lines = [target.knownHostsLine, ...(target.jump ? [target.jump.knownHostsLine] : [])];
  return lines.map((l) => `${l.trim()}\n`).join('');
}

async function writeLogin(dir: string, role: string, hop: TransferHop): Promise<Login> {
  const { auth } = hop;
  if (auth.kind === 'password') {
    const file = await writePrivate(dir, `${role}.password`, auth.password);
    return { sshpass: ['sshpass', '-f', file] };
  }
  const identityFile =
    auth.kind === 'key'
      ? await writePrivate(dir, `${role}.key`, normaliseKey(auth.privateKey))
      : auth.path;
  if (!auth.passphrase) return { identityFile, sshpass: [] };
  const file = await writePrivate(dir, `${role}.passphrase`, auth.passphrase);
  // `-P assphrase`: sshpass answers ssh's "Enter passphrase for key" prompt, not a password one.
  return { identityFile, sshpass: ['sshpass', '-f', file, '-P', 'assphrase'] };
}

/** One `Host` block: the real address, strict host key checking against our file only. */
function hostBlock(
  alias: string,
  hop: TransferHop,
  login: Login,
  knownHosts: string,
  reuse?: ReuseControl,
  proxyCommand?: string,
): string {
  const byKey = login.identityFile !== undefined;
  const settings = [
    `HostName ${hop.host}`,
    `Port ${hop.port}`,
    `User ${hop.user}`,
    // SECURITY: only the stored key is trusted; nothing is learnt or written back.
    `UserKnownHostsFile ${configPath(knownHosts)}`,
    'GlobalKnownHostsFile /dev/null',
    'StrictHostKeyChecking yes',
    'CheckHostIP no',
    'UpdateHostKeys no',
    // SECURITY: no agent, no default keys of the console's user, nothing forwarded.
    'IdentityAgent none',
    'IdentitiesOnly yes',
    ...(byKey ? [`IdentityFile ${configPath(login.identityFile!)}`] : []),
    `PubkeyAuthentication ${byKey ? 'yes' : 'no'}`,
    `PasswordAuthentication ${byKey ? 'no' : 'yes'}`,
    'KbdInteractiveAuthentication no',
    'NumberOfPasswordPrompts 1',
    ...(login.sshpass.length === 0 ? ['BatchMode yes'] : []),
    'ConnectTimeout 10',
    'ServerAliveInterval 15',
    'ServerAliveCountMax 3',
    'ForwardAgent no',
    'ForwardX11 no',
    'PermitLocalCommand no',
    ...(reuse
      ? [
          // The first transfer's login stays for the next ones (the jump host's rides in it).
          'ControlMaster auto',
          `ControlPath ${configPath(reuse.path)}`,
          `ControlPersist ${reuse.seconds}`,
        ]
      : ['ControlMaster no', 'ControlPath none']),
    ...(proxyCommand ? [`ProxyCommand ${proxyCommand}`] : []),
  ];
  return `Host ${alias}\n${settings.map((s) => `  ${s}\n`).join('')}`;
}

/**
 * SECURITY: a path as an ssh_config value: double-quoted (it may hold spaces), `%` doubled
 * because these options expand `%` tokens; `"`, `\`, `$` (environment expansion) and control
 * characters have no safe spelling there and are refused.
 */
function configPath(file: string): string {
  if (/["\\$\p{Cc}]/u.test(file)) throw new Error(`ssh cannot be given this path: ${file}`);
  return `"${file.replaceAll('%', '%%')}"`;
}

/** SECURITY: 0600, and `wx` so an existing file (or a planted link) is never written through. */
async function writePrivate(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

/** OpenSSH wants LF line ends and a final newline; pasted keys often lack both. */
function normaliseKey(privateKey: string): string {
  return `${privateKey.replace(/\r\n?/g, '\n').trim()}\n`;
}
