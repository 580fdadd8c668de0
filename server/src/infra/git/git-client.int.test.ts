import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitOrigin, serveOverHttps, type GitOrigin } from '../../../test/git-fixture.js';
import { createGitClient, type GitClient, type GitRemote } from './git-client.js';
import { GitError, type GitErrorReason } from './git-errors.js';
import { createKnownHosts } from './known-hosts.js';

let tmp: string;
let client: GitClient;
let origin: GitOrigin;
let workCount = 0;

const none = { type: 'none' } as const;
const remoteOf = (url: string): GitRemote => ({ url, credential: none });
const newWorkDir = () => path.join(tmp, 'repositories', `project_${++workCount}`);

/** The GitError a call rejects with; fails the test if it resolves or throws something else. */
async function gitError(call: Promise<unknown>, reason: GitErrorReason): Promise<GitError> {
  const err: unknown = await call.then(
    () => new Error('resolved although it should not'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GitError);
  expect((err as GitError).reason).toBe(reason);
  return err as GitError;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-gitc-'));
  const knownHosts = createKnownHosts({ file: path.join(tmp, 'data', 'ssh', 'known_hosts') });
  client = createGitClient({
    dataDir: path.join(tmp, 'data'),
    knownHosts,
    consoleKeyFile: () => path.join(tmp, 'no-console-key'),
    timeoutMs: 20_000,
  });
  origin = await createGitOrigin();
  await origin.commit({ 'README.md': '# app\n' }, 'Initial commit', { author: 'Ada' });
  await origin.tag('v1.0.0', 'main', { annotated: true });
  await origin.commit({ 'src/a.js': 'a\nb\n' }, 'Add a.js');
  await origin.branch('feature/x');
  await origin.commit({ 'src/b.js': 'b\n' }, 'Develop work', { branch: 'develop' });
  await origin.commit({ 'src/a.js': 'a\n' }, 'Trim a.js', { branch: 'feature/x' });
}, 60_000);
afterAll(() => {
  origin?.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('GitClient over file://', () => {
  it('lists the remote branches by name', async () => {
    expect(await client.lsRemoteHeads(remoteOf(origin.url))).toEqual([
      'develop',
      'feature/x',
      'main',
    ]);
  });

  it('fetches into a new working copy and lists branches newest first', async () => {
    const dir = newWorkDir();
    await client.fetch(dir, remoteOf(origin.url));
    expect(await client.remoteBranches(dir)).toEqual([
      'origin/feature/x',
      'origin/develop',
      'origin/main',
    ]);
    const config = fs.readFileSync(path.join(dir, '.git', 'config'), 'utf8');
    expect(config).not.toContain(origin.url); // the address is given each time, not stored
  });

  it('logs a branch with author, subject, tag and diff stat', async () => {
    const dir = newWorkDir();
    await client.fetch(dir, remoteOf(origin.url));
    const list = await client.log(dir, 'origin/main', 50);
    expect(list.map((c) => c.message)).toEqual(['Add a.js', 'Initial commit']);
    expect(list[0]).toMatchObject({ branch: 'origin/main', author: 'Ferry Test', tag: '' });
    expect(list[0]!.diff).toBe(' src/a.js | 2 ++\n 1 file changed, 2 insertions(+)');
    expect(list[1]).toMatchObject({ author: 'Ada', tag: 'v1.0.0' });
    expect(list[0]!.timestamp).toBeGreaterThan(list[1]!.timestamp);
    expect(await client.log(dir, 'origin/main', 1)).toHaveLength(1);
    expect((await client.log(dir, 'v1.0.0', 5)).map((c) => c.message)).toEqual(['Initial commit']);
    const sha = list[1]!.commit;
    expect((await client.log(dir, sha.slice(0, 12), 5))[0]!.commit).toBe(sha);
  });

  it('answers git_bad_ref for an unknown or malformed ref', async () => {
    const dir = newWorkDir();
    await client.fetch(dir, remoteOf(origin.url));
    const unknown = await gitError(client.log(dir, 'origin/nope', 5), 'git_bad_ref');
    expect(unknown.message).toBe('Branch origin/nope does not exist');
    await gitError(client.log(dir, 'a..b', 5), 'git_bad_ref');
    await gitError(client.log(dir, 'main@{1}', 5), 'git_bad_ref');
  });

  it('tells whether a commit is another or one of its ancestors, and when one is missing', async () => {
    const dir = newWorkDir();
    await client.fetch(dir, remoteOf(origin.url));
    const [head, first] = (await client.log(dir, 'origin/main', 2)).map((c) => c.commit);
    const [side] = (await client.log(dir, 'origin/feature/x', 1)).map((c) => c.commit);
    expect(await client.isAncestor(dir, first!, head!)).toBe(true);
    expect(await client.isAncestor(dir, head!, head!)).toBe(true);
    expect(await client.isAncestor(dir, head!, first!)).toBe(false);
    expect(await client.isAncestor(dir, side!, head!)).toBe(false);
    expect(await client.isAncestor(dir, 'f'.repeat(40), head!)).toBeUndefined();
    await gitError(client.isAncestor(dir, 'origin/main', head!), 'git_bad_ref');
    await gitError(client.isAncestor(dir, head!, `--output=${tmp}/x`), 'git_bad_ref');
  });

  it('removes branches and tags the repository deleted, on the next fetch', async () => {
    const repo = await createGitOrigin({ name: 'pruned' });
    try {
      await repo.commit({ f: '1' }, 'one');
      await repo.branch('old');
      await repo.tag('gone');
      await repo.tag('kept', 'main', { annotated: true });
      const dir = newWorkDir();
      await client.fetch(dir, remoteOf(repo.url));
      expect(await client.remoteBranches(dir)).toContain('origin/old');
      expect((await client.tags(dir, 50)).map((t) => t.tag).sort()).toEqual(['gone', 'kept']);
      await repo.deleteBranch('old');
      await repo.deleteTag('gone');
      await client.fetch(dir, remoteOf(repo.url));
      expect(await client.remoteBranches(dir)).toEqual(['origin/main']);
      expect((await client.tags(dir, 50)).map((t) => t.tag)).toEqual(['kept']);
    } finally {
      repo.cleanup();
    }
  });

  it('follows a changed address: the next fetch mirrors the new repository', async () => {
    const other = await createGitOrigin({ name: 'moved' });
    try {
      await other.commit({ x: 'x' }, 'elsewhere', { branch: 'trunk' });
      const dir = newWorkDir();
      await client.fetch(dir, remoteOf(origin.url));
      await client.fetch(dir, remoteOf(other.url));
      expect(await client.remoteBranches(dir)).toEqual(['origin/trunk']);
      expect((await client.log(dir, 'origin/trunk', 5))[0]!.message).toBe('elsewhere');
    } finally {
      other.cleanup();
    }
  });

  it('lists tags newest first, honouring the count', async () => {
    const repo = await createGitOrigin({ name: 'tagged' });
    try {
      await repo.commit({ f: '0' }, 'base');
      for (let i = 1; i <= 53; i++) await repo.tag(`v0.${i}`, 'main', { annotated: true });
      await repo.commit({ f: '1' }, 'Release commit');
      await repo.tag('v1.0', 'main', { annotated: true });
      const dir = newWorkDir();
      await client.fetch(dir, remoteOf(repo.url));
      const tags = await client.tags(dir, 50);
      expect(tags).toHaveLength(50);
      expect(tags.slice(0, 3).map((t) => t.tag)).toEqual(['v1.0', 'v0.53', 'v0.52']);
      expect(tags[0]).toMatchObject({ message: 'Release commit', branch: '' });
      expect(tags[1]).toMatchObject({ message: 'base', commit: tags[2]!.commit });
      expect(tags[0]!.diff).toContain('1 file changed');
      expect(await client.tags(dir, 2)).toHaveLength(2);
    } finally {
      repo.cleanup();
    }
  }, 60_000);

  it('lists tags of the same moment by version, highest first', async () => {
    const repo = await createGitOrigin({ name: 'same-moment' });
    try {
      await repo.commit({ f: '0' }, 'base');
      // Lightweight tags of one commit share its date.
      for (const v of ['v1.9', 'v1.10', 'v1.11']) await repo.tag(v);
      const dir = newWorkDir();
      await client.fetch(dir, remoteOf(repo.url));
      expect((await client.tags(dir, 50)).map((t) => t.tag)).toEqual(['v1.11', 'v1.10', 'v1.9']);
    } finally {
      repo.cleanup();
    }
  }, 60_000);

  it('answers git_not_found for a missing repository', async () => {
    await gitError(client.lsRemoteHeads(remoteOf(`file://${tmp}/missing.git`)), 'git_not_found');
  });

  it('answers git_aborted when the call is cancelled', async () => {
    const aborted = client.lsRemoteHeads(remoteOf(origin.url), { signal: AbortSignal.abort() });
    await gitError(aborted, 'git_aborted');
  });

  it("ignores the console process's own git environment", async () => {
    const saved = { ...process.env };
    // Each of these alone would send git elsewhere if it reached the child.
    Object.assign(process.env, {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'url.file:///nowhere/.insteadOf',
      GIT_CONFIG_VALUE_0: 'file://',
      GIT_CONFIG_PARAMETERS: "'url.file:///nowhere/.insteadof'='file://'",
    });
    try {
      expect(await client.lsRemoteHeads(remoteOf(origin.url))).toContain('main');
      const dir = newWorkDir();
      await client.fetch(dir, remoteOf(origin.url));
      expect(await client.remoteBranches(dir)).toContain('origin/main');
    } finally {
      process.env = saved;
    }
  });
});

describe('GitClient against hostile input', () => {
  const marker = (name: string) => path.join(tmp, `pwned-${name}`);

  it('never runs a ref as an option or a shell command', async () => {
    const dir = newWorkDir();
    await client.fetch(dir, remoteOf(origin.url));
    for (const ref of [
      `--upload-pack=touch ${marker('a')}`,
      `$(touch ${marker('b')})`,
      `--output=${marker('c')}`,
      '-n',
    ]) {
      await gitError(client.log(dir, ref, 5), 'git_bad_ref');
    }
    for (const name of ['a', 'b', 'c']) expect(fs.existsSync(marker(name))).toBe(false);
  });

  it('never runs an address that starts with a dash or names a transport helper', async () => {
    const urls = [
      `--upload-pack=touch ${marker('d')}`,
      `-oProxyCommand=touch ${marker('e')}`,
      `ext::sh -c touch% ${marker('f')}`,
    ];
    for (const url of urls) {
      await gitError(client.lsRemoteHeads(remoteOf(url)), 'git_failed');
      const dir = newWorkDir();
      await gitError(client.fetch(dir, remoteOf(url)), 'git_failed');
      expect(fs.existsSync(dir)).toBe(false);
    }
    for (const name of ['d', 'e', 'f']) expect(fs.existsSync(marker(name))).toBe(false);
  });
});

describe('GitClient with a token over https', () => {
  const username = 'deployer';
  const token = 'glpat-Sup3r/Secret+Token=';
  const withToken = (url: string, t = token): GitRemote => ({
    url,
    credential: { type: 'token', username, token: t },
  });
  const basic = (t: string) => `Basic ${Buffer.from(`${username}:${t}`).toString('base64')}`;

  /** Trusts the test server's self-signed certificate the way an operator would. */
  function trustCa(caFile: string): () => void {
    const saved = process.env.GIT_SSL_CAINFO;
    process.env.GIT_SSL_CAINFO = caFile;
    return () => {
      if (saved === undefined) delete process.env.GIT_SSL_CAINFO;
      else process.env.GIT_SSL_CAINFO = saved;
    };
  }

  it('sends the token through askpass only, and keeps it out of config and messages', async () => {
    const server = await serveOverHttps(origin, { username, password: token });
    const untrust = trustCa(server.caFile);
    try {
      expect(await client.lsRemoteHeads(withToken(server.url))).toContain('develop');
      const dir = newWorkDir();
      await client.fetch(dir, withToken(server.url));
      expect(server.authorizations).toContain(basic(token));
      expect(await client.remoteBranches(dir)).toContain('origin/develop');

      const wrong = `${token}-wrong`;
      const refused = await gitError(
        client.fetch(dir, withToken(server.url, wrong)),
        'git_auth_failed',
      );
      expect(server.authorizations).toContain(basic(wrong));
      expect(refused.message).not.toContain(wrong);
      expect(refused.message).not.toContain('Secret');

      const config = fs.readFileSync(path.join(dir, '.git', 'config'), 'utf8');
      expect(config).not.toContain('Secret');
      expect(config).not.toContain(server.url);
      const askpass = fs.readFileSync(path.join(tmp, 'data', 'git', 'askpass.sh'), 'utf8');
      expect(askpass).not.toContain('Secret');
      expect(fs.statSync(path.join(tmp, 'data', 'git', 'askpass.sh')).mode & 0o777).toBe(0o700);
    } finally {
      untrust();
      await server.close();
    }
  });

  it('asks for credentials when none are given', async () => {
    const server = await serveOverHttps(origin, { username, password: token });
    const untrust = trustCa(server.caFile);
    try {
      const err = await gitError(client.lsRemoteHeads(remoteOf(server.url)), 'git_auth_failed');
      expect(err.message).toBe('Authentication failed: the repository asks for credentials');
      expect(server.authorizations.every((a) => a === '')).toBe(true);
    } finally {
      untrust();
      await server.close();
    }
  });

  it('refuses to send a token over plain http', async () => {
    const err = await gitError(
      client.lsRemoteHeads(withToken('http://127.0.0.1:9/repo.git')),
      'git_failed',
    );
    expect(err.message).toBe('A token is sent only over https');
  });
});
