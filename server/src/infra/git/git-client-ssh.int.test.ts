import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGitOrigin,
  serveOverSsh,
  startSilentServer,
  type GitOrigin,
} from '../../../test/git-fixture.js';
import { run } from '../../../test/linux-accounts.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { createGitClient, type GitClient, type GitCredential } from './git-client.js';
import { GitError, type GitErrorReason } from './git-errors.js';
import { createKnownHosts, type KnownHosts } from './known-hosts.js';

let tmp: string;
let fleet: SshdFleet | undefined;
let server: SshdServer;
let origin: GitOrigin;
let sshUrl: string;
let knownHosts: KnownHosts;
let client: GitClient;
let consoleKey: string;

/** A data directory whose path ssh would misread if it were not passed literally. */
const dataDir = () => path.join(tmp, 'data dir 100%');
const deployKey = (): GitCredential => ({ type: 'key', privateKey: server.keys.plain.privateKey });
const tempKeyDirs = () => fs.readdirSync(path.join(dataDir(), 'git', 'tmp'));

async function gitError(call: Promise<unknown>, reason: GitErrorReason): Promise<GitError> {
  const err: unknown = await call.then(
    () => new Error('resolved although it should not'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GitError);
  expect((err as GitError).reason).toBe(reason);
  return err as GitError;
}

/** Processes whose command line holds `needle` (git's ssh for a given port, for instance). */
function processesWith(needle: string): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      return cmdline.includes(needle) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-gits-'));
  fleet = await startSshdFleet({ count: 1 });
  server = fleet.servers[0]!;
  origin = await createGitOrigin({ name: 'app' });
  await origin.commit({ 'index.html': '<h1>hi</h1>\n' }, 'First page');
  await origin.commit({ 'app.js': 'run()\n' }, 'Develop', { branch: 'develop' });
  sshUrl = await serveOverSsh(origin, server);

  consoleKey = path.join(tmp, 'console', 'id_ed25519');
  fs.mkdirSync(path.dirname(consoleKey), { mode: 0o700 });
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'console', '-f', consoleKey]);
  const authorized = path.join(server.dir, 'home', '.ssh', 'authorized_keys');
  fs.appendFileSync(authorized, fs.readFileSync(`${consoleKey}.pub`));

  knownHosts = createKnownHosts({ file: path.join(dataDir(), 'ssh', 'known_hosts') });
  client = createGitClient({
    dataDir: dataDir(),
    knownHosts,
    consoleKeyFile: () => consoleKey,
    timeoutMs: 20_000,
  });
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('GitClient over ssh', () => {
  it('lists branches with a pasted deploy key and trusts the new host on first use', async () => {
    expect(knownHosts.fingerprint(server.host, server.port)).toBe('');
    const heads = await client.lsRemoteHeads({ url: sshUrl, credential: deployKey() });
    expect(heads).toEqual(['develop', 'main']);
    expect(knownHosts.fingerprint(server.host, server.port)).toBe(server.hostKeyFingerprint);
    expect(client.hostKeyOf(sshUrl)).toEqual({ host: '127.0.0.1', port: server.port });
    expect(tempKeyDirs()).toEqual([]); // the pasted key is gone again
  });

  it('accepts a pasted key with Windows line ends and no final newline', async () => {
    const pasted = server.keys.plain.privateKey.trim().replace(/\n/g, '\r\n');
    const credential: GitCredential = { type: 'key', privateKey: pasted };
    expect(await client.lsRemoteHeads({ url: sshUrl, credential })).toContain('main');
  });

  it('fetches and logs with the console key', async () => {
    const dir = path.join(tmp, 'repositories', 'project_1');
    await client.fetch(dir, { url: sshUrl, credential: { type: 'consoleKey' } });
    expect(await client.remoteBranches(dir)).toEqual(['origin/develop', 'origin/main']);
    const [head] = await client.log(dir, 'origin/main', 10);
    expect(head).toMatchObject({ message: 'First page', branch: 'origin/main' });
    expect(head!.diff).toContain('index.html | 1 +');
  });

  it('answers git_auth_failed for a key the server does not accept, without showing it', async () => {
    const stranger = path.join(tmp, 'stranger');
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', stranger]);
    const privateKey = fs.readFileSync(stranger, 'utf8');
    const refused = await gitError(
      client.lsRemoteHeads({ url: sshUrl, credential: { type: 'key', privateKey } }),
      'git_auth_failed',
    );
    expect(refused.message).toBe('Authentication failed: the repository refused the credentials');
    const garbage = await gitError(
      client.lsRemoteHeads({ url: sshUrl, credential: { type: 'key', privateKey: 'not a key' } }),
      'git_auth_failed',
    );
    expect(garbage.message).not.toContain('not a key');
    await gitError(
      client.lsRemoteHeads({ url: sshUrl, credential: { type: 'none' } }),
      'git_auth_failed',
    );
    expect(tempKeyDirs()).toEqual([]);
  });

  it('answers git_not_found for a path the server does not have', async () => {
    const missing = sshUrl.replace(/app\.git$/, 'missing.git');
    await gitError(
      client.lsRemoteHeads({ url: missing, credential: deployKey() }),
      'git_not_found',
    );
  });

  it('answers git_unreachable when nothing listens on the port', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as net.AddressInfo;
        s.close(() => resolve(p));
      });
    });
    const url = `ssh://git@127.0.0.1:${port}/app.git`;
    const err = await gitError(
      client.lsRemoteHeads({ url, credential: deployKey() }),
      'git_unreachable',
    );
    expect(err.message).toBe('Could not reach the repository host: Connection refused');
  });

  it('answers git_timeout and ends ssh when the host never answers', async () => {
    const silent = await startSilentServer();
    try {
      const url = `ssh://git@127.0.0.1:${silent.port}/app.git`;
      const started = Date.now();
      const call = client.lsRemoteHeads({ url, credential: deployKey() }, { timeoutMs: 1500 });
      const err = await gitError(call, 'git_timeout');
      expect(err.message).toBe('git timed out after 1.5 s');
      expect(Date.now() - started).toBeLessThan(5000);
      await expect.poll(() => processesWith(`-p ${silent.port}`), { timeout: 3000 }).toEqual([]);
      expect(tempKeyDirs()).toEqual([]);
    } finally {
      await silent.close();
    }
  });

  it('refuses a changed host key, records the new one as pending, and works after accept', async () => {
    const trusted = knownHosts.fingerprint(server.host, server.port);
    expect(trusted).toBe(server.hostKeyFingerprint);
    await server.restartWithNewHostKey();
    expect(server.hostKeyFingerprint).not.toBe(trusted);

    const remote = { url: sshUrl, credential: deployKey() };
    const err = await gitError(client.lsRemoteHeads(remote), 'git_host_key_changed');
    expect(err.message).toBe(
      `The host key of 127.0.0.1:${server.port} has changed; it now presents ${server.hostKeyFingerprint}`,
    );
    expect(knownHosts.pendingFingerprint(server.host, server.port)).toBe(server.hostKeyFingerprint);
    expect(knownHosts.fingerprint(server.host, server.port)).toBe(trusted);
    await gitError(client.lsRemoteHeads(remote), 'git_host_key_changed'); // still refused

    expect(knownHosts.accept(server.host, server.port)).toBe(server.hostKeyFingerprint);
    expect(await client.lsRemoteHeads(remote)).toEqual(['develop', 'main']);
  });
});
