import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { createGitOrigin, serveOverSsh, type GitOrigin } from '../../../test/git-fixture.js';
import { addProject, projectForm } from '../../../test/project-fixtures.js';
import { warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';

let fleet: SshdFleet | undefined;
let sshd: SshdServer;
let origin: GitOrigin;
/** A second origin for ssh: serving one over ssh hands it to the sshd user, and git refuses a
 * file:// repository owned by someone else. */
let sshOrigin: GitOrigin;
let sshUrl: string;

beforeAll(async () => {
  [fleet, origin, sshOrigin] = await Promise.all([
    startSshdFleet({ count: 1 }),
    createGitOrigin(),
    createGitOrigin(),
    warmTestDb(),
  ]);
  sshd = fleet.servers[0]!;
  await origin.commit({ 'README.md': 'hello\n' }, 'first commit', { date: '2026-01-01T10:00:00Z' });
  await origin.tag('v1.0');
  await origin.commit({ 'src/app.js': 'console.log(1)\n' }, 'add the app', {
    date: '2026-01-02T10:00:00Z',
  });
  await origin.tag('v1.1', undefined, { annotated: true });
  await origin.branch('feature/login');
  await origin.commit({ 'src/login.js': 'login()\n' }, 'login page', {
    branch: 'feature/login',
    date: '2026-01-03T10:00:00Z',
  });
  await sshOrigin.commit({ 'README.md': 'over ssh\n' }, 'first commit');
  sshUrl = await serveOverSsh(sshOrigin, sshd);
}, 90_000);
afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
  sshOrigin?.cleanup();
});

type Envelope = { code: number; message: string; reason?: string; data: never };

describe('repositories', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  const get = <T>(url: string, query: Record<string, string | number>) =>
    t.call<T>('GET', url, { token: admin.token, ns: 1, query });
  /** The web app's form: secrets in the body. */
  const probe = <T>(url: string, body: Record<string, unknown>) =>
    t.call<T>('POST', url, { token: admin.token, ns: 1, body });
  const keyAccess = () => ({
    url: sshUrl,
    repoAuthType: 'key' as const,
    repoPrivateKey: sshd.keys.plain.privateKey,
  });

  it('tests a file:// repository and lists its remote branches', async () => {
    const ping = await get<{ hostKey: string }>('/project/pingRepos', { url: origin.url });
    expect(ping).toMatchObject({ code: 0, data: { hostKey: '' } });
    const branches = await get<{ branch: string[] }>('/project/getRemoteBranchList', {
      url: origin.url,
    });
    expect(branches.data.branch).toEqual(['feature/login', 'main']);
  });

  it('clones on first use and lists branches, commits with diff stat and tags', async () => {
    const id = await addProject(t, admin, projectForm({ url: origin.url }));
    const branches = await get<{ list: string[] }>('/repository/getBranchList', { id });
    expect(branches.data.list).toEqual(['origin/feature/login', 'origin/main']);
    expect(fs.existsSync(path.join(t.dataDir, 'repository', `project_${id}`, '.git'))).toBe(true);

    const commits = await get<{ list: Array<Record<string, unknown>> }>(
      '/repository/getCommitList',
      { id, branch: 'origin/main' },
    );
    expect(commits.data.list).toHaveLength(2);
    expect(commits.data.list[0]).toMatchObject({
      branch: 'origin/main',
      message: 'add the app',
      tag: 'v1.1',
      timestamp: Date.parse('2026-01-02T10:00:00Z') / 1000,
    });
    expect(commits.data.list[0]?.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(commits.data.list[0]?.diff).toContain('src/app.js');
    expect(commits.data.list[0]?.diff).toMatch(/1 file changed, 1 insertion/);

    const tags = await get<{ list: Array<{ tag: string }> }>('/repository/getTagList', { id });
    expect(tags.data.list.map((c) => c.tag)).toEqual(['v1.1', 'v1.0']);
  });

  it('answers the branch a plain name stands for, fetching a branch pushed since', async () => {
    const id = await addProject(t, admin, projectForm({ url: origin.url }));
    await get('/repository/getBranchList', { id });
    await origin.branch('hotfix', 'main');
    await origin.commit({ 'fix.txt': 'x\n' }, 'hot fix', { branch: 'hotfix' });
    const commits = await get<{ list: Array<{ message: string; branch: string }> }>(
      '/repository/getCommitList',
      { id, branch: 'hotfix' },
    );
    expect(commits.data.list[0]).toMatchObject({ message: 'hot fix', branch: 'hotfix' });
    const missing = await get('/repository/getCommitList', { id, branch: 'no-such-branch' });
    expect(missing).toMatchObject({ code: 2, reason: 'git_bad_ref' });
    await origin.deleteBranch('hotfix');
  });

  it('reaches a repository over ssh with a deploy key and trusts its host key on first use', async () => {
    const ping = await probe<{ hostKey: string }>('/project/pingRepos', keyAccess());
    expect(ping).toMatchObject({ code: 0, data: { hostKey: sshd.hostKeyFingerprint } });
    const id = await addProject(t, admin, projectForm(keyAccess()));
    const branches = await get<{ list: string[] }>('/repository/getBranchList', { id });
    expect(branches.data.list).toContain('origin/main');
    // goploy's GET form never takes a secret from the query string: the stored one serves.
    const stored = await get('/project/pingRepos', { id, url: sshUrl, repoAuthType: 'key' });
    expect(stored.code).toBe(0);
    const inQuery = await get('/project/pingRepos', keyAccess());
    expect(inQuery).toMatchObject({ code: 10003, message: 'repoPrivateKey is required' });
    const list = await t.call<{ list: Array<Record<string, unknown>> }>('GET', '/project/getList', {
      token: admin.token,
      ns: 1,
    });
    expect(list.data.list[0]).toMatchObject({
      repoHostKey: sshd.hostKeyFingerprint,
      repoPendingHostKey: '',
      hasRepoPrivateKey: true,
    });
    expect(JSON.stringify(list.data)).not.toContain('PRIVATE KEY');
  });

  it('logs in with the console key once it is added as a deploy key', async () => {
    const consoleKey = fs.readFileSync(path.join(t.dataDir, 'ssh', 'id_ed25519.pub'), 'utf8');
    const authorized = path.join(sshd.dir, 'home', '.ssh', 'authorized_keys');
    const before = fs.readFileSync(authorized, 'utf8');
    const denied = await probe('/project/pingRepos', { url: sshUrl, repoAuthType: 'consoleKey' });
    expect(denied).toMatchObject({ code: 2, reason: 'git_auth_failed' });
    fs.appendFileSync(authorized, `${consoleKey.trim()}\n`);
    try {
      const ping = await probe('/project/pingRepos', { url: sshUrl, repoAuthType: 'consoleKey' });
      expect(ping.code).toBe(0);
    } finally {
      fs.writeFileSync(authorized, before);
    }
  });

  it('reports a wrong key, a missing repository and an unreachable host clearly', async () => {
    const wrong = await probe<never>('/project/pingRepos', {
      ...keyAccess(),
      repoPrivateKey: fs.readFileSync(path.join(t.dataDir, 'ssh', 'id_ed25519'), 'utf8'),
    });
    expect(wrong).toMatchObject({ code: 2, reason: 'git_auth_failed' });
    const missing = (await get('/project/pingRepos', {
      url: `${origin.url}-missing`,
    })) as Envelope;
    expect(missing).toMatchObject({ code: 2, reason: 'git_not_found' });
    const closed = await probe('/project/pingRepos', {
      ...keyAccess(),
      url: 'ssh://git@127.0.0.1:1/repo.git',
    });
    expect(closed).toMatchObject({ code: 2, reason: 'git_unreachable' });
  });

  it('refuses a changed host key until someone accepts it', async () => {
    const id = await addProject(t, admin, projectForm(keyAccess()));
    expect((await get('/repository/getBranchList', { id })).code).toBe(0);
    const oldKey = sshd.hostKeyFingerprint;
    await sshd.restartWithNewHostKey();
    const refused = await get('/repository/getBranchList', { id });
    expect(refused).toMatchObject({ code: 2, reason: 'git_host_key_changed' });
    const list = await t.call<{ list: Array<Record<string, unknown>> }>('GET', '/project/getList', {
      token: admin.token,
      ns: 1,
    });
    expect(list.data.list[0]).toMatchObject({
      repoHostKey: oldKey,
      repoPendingHostKey: sshd.hostKeyFingerprint,
    });
    const accepted = await t.call('POST', '/project/acceptRepoHostKey', {
      token: admin.token,
      ns: 1,
      body: { id },
    });
    expect(accepted).toMatchObject({ code: 0, data: { hostKey: sshd.hostKeyFingerprint } });
    expect((await get('/repository/getBranchList', { id })).code).toBe(0);
  });
});
