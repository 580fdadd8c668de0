import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRepoUrl, type RepoUrl } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../process/run-command.js';
import { openRemoteSession, prepareGitPaths, type GitPaths, type GitRemote } from './git-env.js';
import { GitError } from './git-errors.js';

let tmp: string;
let paths: GitPaths;
let knownHosts: string;

const urlOf = (url: string) => parseRepoUrl(url) as RepoUrl;
const open = (remote: GitRemote) =>
  openRemoteSession(paths, remote, urlOf(remote.url), knownHosts, () => '/keys/console key');

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-genv-'));
  paths = prepareGitPaths(path.join(tmp, 'data'));
  knownHosts = path.join(tmp, 'data', 'ssh 100%', 'known_hosts');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('prepareGitPaths', () => {
  it('creates a private home and an askpass script that answers from the environment', async () => {
    expect(fs.statSync(paths.home).mode & 0o777).toBe(0o700);
    expect(fs.statSync(paths.askpass).mode & 0o777).toBe(0o700);
    const env = { FERRY_GIT_USERNAME: 'ci bot', FERRY_GIT_PASSWORD: "t'o$(id)k" };
    const ask = (prompt: string) => runCommand(paths.askpass, [prompt], { timeoutMs: 5000, env });
    expect((await ask("Username for 'https://h': ")).stdout).toBe('ci bot\n');
    expect((await ask("Password for 'https://ci@h': ")).stdout).toBe("t'o$(id)k\n");
  });
});

describe('openRemoteSession', () => {
  it('gives a token to askpass through the environment only', () => {
    const credential = { type: 'token', username: 'u', token: 'tok-123' } as const;
    const session = open({ url: 'https://git.example.com/a/b.git', credential });
    expect(session.env).toMatchObject({
      GIT_ASKPASS: paths.askpass,
      FERRY_GIT_USERNAME: 'u',
      FERRY_GIT_PASSWORD: 'tok-123',
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_GLOBAL: '/dev/null',
      HOME: paths.home,
    });
    expect(session.config.join(' ')).not.toContain('tok-123');
    expect(session.config).toEqual(expect.arrayContaining(['protocol.https.allow=always']));
    expect(session.secrets).toEqual(['tok-123']);
  });

  it('refuses a token for anything but https, and a key for anything but ssh', () => {
    const token = { type: 'token', username: 'u', token: 't' } as const;
    expect(() => open({ url: 'http://h/a.git', credential: token })).toThrow(GitError);
    expect(() => open({ url: 'git@githost:a.git', credential: token })).toThrow(GitError);
    expect(() => open({ url: 'https://h/a.git', credential: { type: 'consoleKey' } })).toThrow(
      'An SSH key needs an ssh address',
    );
  });

  it('writes a pasted key to a private temp file and removes it on dispose', () => {
    const privateKey = '-----BEGIN OPENSSH PRIVATE KEY-----\r\nAAAAbbbbCCCCddddEEEE\r\n-----END';
    const session = open({ url: 'git@githost:a.git', credential: { type: 'key', privateKey } });
    const keyFile = /IdentityFile=([^'\s]+)/.exec(session.env.GIT_SSH_COMMAND!)![1]!;
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(
      '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAAbbbbCCCCddddEEEE\n-----END\n',
    );
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o700);
    expect(session.secrets).toEqual([privateKey, 'AAAAbbbbCCCCddddEEEE']);
    session.dispose();
    expect(fs.existsSync(path.dirname(keyFile))).toBe(false);
  });

  it('builds an ssh command that uses only the given key and the console known_hosts', async () => {
    const session = open({ url: 'ssh://git@h:2222/a.git', credential: { type: 'consoleKey' } });
    // git runs GIT_SSH_COMMAND through sh: these are the words ssh receives.
    const words = await runCommand(
      'sh',
      ['-c', `set -- ${session.env.GIT_SSH_COMMAND}; printf '%s\\n' "$@"`],
      { timeoutMs: 5000 },
    );
    expect(words.stdout.trimEnd().split('\n')).toEqual([
      ...['ssh', '-F', '/dev/null', '-o', 'BatchMode=yes', '-o', 'IdentitiesOnly=yes'],
      ...['-o', 'IdentityAgent=none'],
      ...['-o', `UserKnownHostsFile="${tmp}/data/ssh 100%%/known_hosts"`],
      ...['-o', 'GlobalKnownHostsFile=/dev/null', '-o', 'StrictHostKeyChecking=accept-new'],
      ...['-o', 'HashKnownHosts=no', '-o', 'ConnectTimeout=10'],
      ...['-o', 'IdentityFile="/keys/console key"'],
    ]);
    expect(fs.statSync(path.dirname(knownHosts)).mode & 0o777).toBe(0o700);
    expect(session.config).toEqual(expect.arrayContaining(['protocol.ssh.allow=always']));
  });
});
