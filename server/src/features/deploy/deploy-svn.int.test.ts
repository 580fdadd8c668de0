import fs from 'node:fs';
import { TraceType } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  deployMountPoint,
  everythingShown,
  jobStatus,
  onServer,
  publishAndWait,
  readOn,
  traceOf,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { projectForm, type ProjectForm } from '../../../test/project-fixtures.js';
import { addServer, closedPort, serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { startSvnOrigin, type SvnOrigin } from '../../../test/svn-fixture.js';

/**
 * Subversion projects end to end against a real svnserve with a password and a real sshd: the
 * repository routes, deploys of master, of a branch and of a chosen revision over rsync into
 * symlink releases, an update that fetches only the change, rollback, and the failures a user
 * meets.
 */
const mountAt = deployMountPoint();
let fleet: SshdFleet;
let server: SshdServer;
let origin: SvnOrigin;
let t: TestApp;
let admin: Actor;
let serverId: number;
const revs: Record<string, number> = {};

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  server = fleet.servers[0]!;
  origin = await startSvnOrigin({ password: 'svn-pass-4417' });
  revs.first = await origin.commit({ 'index.html': 'v1\n', 'lib/same.js': 'same\n' }, 'first page');
  await origin.branch('feature-a');
  revs.onBranch = await origin.commit({ 'index.html': 'branch\n' }, 'on the branch', {
    branch: 'feature-a',
  });
  revs.tag = await origin.tag('v1.0');
  t = await buildTestApp();
  admin = await adminOf(t);
  serverId = await addServer(t, admin, serverForm(server));
}, 90_000);

afterAll(async () => {
  await t?.close();
  await origin?.stop();
  await fleet?.stopAll();
});

const svnAccess = (password = origin.password) => ({
  repoType: 'svn' as const,
  url: origin.url,
  repoAuthType: 'token' as const,
  repoUsername: origin.username,
  repoToken: password,
});

async function addSvnProject(name: string, extra: Partial<ProjectForm> = {}): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/project/add', {
    token: admin.token,
    ns: 1,
    body: projectForm({
      name,
      ...svnAccess(),
      branch: 'master',
      path: `${mountAt}/${name}/app`,
      symlinkPath: `${mountAt}/${name}/releases`,
      symlinkBackupNumber: 3,
      transferType: 'rsync',
      transferOption: '-rtv --delete-after',
      serverIds: [serverId],
      ...extra,
    }),
  });
  expect(r.message).toBe('');
  return r.data.id;
}

/** Rolls back to the deploy `token` and waits for it; answers how ('symlink' or 'publish'). */
async function rollBack(token: string): Promise<string> {
  const r = await t.call<{ type: string }>('POST', '/deploy/rebuild', {
    token: admin.token,
    ns: 1,
    body: { token },
  });
  expect(r.code, r.message).toBe(0);
  await t.deployQueue.idle();
  return r.data.type;
}

const get = <T>(path: string, query: Record<string, string | number>) =>
  t.call<T>('GET', path, { token: admin.token, ns: 1, query });

describe('the repository routes of an svn project', () => {
  it('tests the repository and lists master and its branches before anything is saved', async () => {
    const ping = await t.call('POST', '/project/pingRepos', {
      token: admin.token,
      ns: 1,
      body: svnAccess(),
    });
    expect(ping.code, ping.message).toBe(0);
    const branches = await t.call<{ branch: string[] }>('POST', '/project/getRemoteBranchList', {
      token: admin.token,
      ns: 1,
      body: svnAccess(),
    });
    expect(branches.data.branch).toEqual(['master', 'feature-a']);
  });

  it('lists branches, commits as r<number> and tags of a saved project', async () => {
    const id = await addSvnProject('listed');
    const branches = await get<{ list: string[] }>('/repository/getBranchList', { id });
    expect(branches.data.list).toEqual(['origin/master', 'origin/feature-a']);
    type Commits = { list: Array<{ commit: string; message: string; branch: string }> };
    const commits = await get<Commits>('/repository/getCommitList', {
      id,
      branch: 'origin/master',
    });
    expect(commits.data.list[0]).toMatchObject({
      commit: `r${revs.first}`,
      message: 'first page',
      branch: 'origin/master',
    });
    const tags = await get<{ list: Array<{ tag: string; commit: string }> }>(
      '/repository/getTagList',
      { id },
    );
    expect(tags.data.list).toEqual([
      expect.objectContaining({ tag: 'v1.0', commit: `r${revs.tag}` }),
    ]);
  });

  it('refuses a wrong password, an unreachable host and a missing path clearly, saying no password', async () => {
    const refusedWith = async (body: object) => {
      const r = await t.call<null>('POST', '/project/pingRepos', {
        token: admin.token,
        ns: 1,
        body: { ...svnAccess(), ...body },
      });
      expect(JSON.stringify([r.code, r.message, r.data])).not.toContain('wrong-pass-77');
      return r;
    };
    expect(await refusedWith({ repoToken: 'wrong-pass-77' })).toMatchObject({
      code: 2,
      reason: 'git_auth_failed',
    });
    const port = await closedPort();
    expect(await refusedWith({ url: `svn://127.0.0.1:${port}/repo` })).toMatchObject({
      code: 2,
      reason: 'git_unreachable',
    });
    expect(await refusedWith({ url: `${origin.url}/missing` })).toMatchObject({
      code: 2,
      reason: 'git_not_found',
    });
  });

  it('refuses addresses svn would misread, naming the field', async () => {
    for (const url of [
      '--config-dir=/tmp/x',
      'svn+ssh://host/repo',
      'git@host:repo',
      'ftp://h/x',
    ]) {
      const r = await t.call('POST', '/project/pingRepos', {
        token: admin.token,
        ns: 1,
        body: { ...svnAccess(), url },
      });
      expect(r.code, url).toBe(10003);
      expect(r.message).toMatch(/^url /);
    }
    const add = await t.call('POST', '/project/add', {
      token: admin.token,
      ns: 1,
      body: projectForm({ ...svnAccess(), branch: 'feature/a', path: `${mountAt}/x/app` }),
    });
    expect(add).toMatchObject({ code: 10003 });
    expect(add.message).toMatch(/^branch /);
    // A revision is r and its number, nothing svn could read as an option or a range.
    const id = await addSvnProject('guarded');
    for (const commit of ['-r1', 'r1;id', 'r1:5', 'HEAD', 'r']) {
      const r = await t.call('POST', '/deploy/publish', {
        token: admin.token,
        ns: 1,
        body: { projectId: id, commit },
      });
      expect(r.code, commit).toBe(10003);
      expect(r.message).toMatch(/^commit /);
    }
    for (const branch of ['--config-dir=/tmp', 'a;id', '../trunk', 'feature/a']) {
      const r = await t.call('POST', '/deploy/publish', {
        token: admin.token,
        ns: 1,
        body: { projectId: id, branch },
      });
      expect(r.code, branch).toBe(10003);
    }
  });
});

describe('deploying an svn project', () => {
  it('deploys master into a release, then only the change, then a chosen revision, and rolls back', async () => {
    const id = await addSvnProject('site');
    const v1 = await publishAndWait(t, admin, { projectId: id });
    expect(readOn(server, 'site/app/index.html')).toBe('v1\n');
    // svn's own folder never reaches the server.
    expect(fs.existsSync(onServer(server, `site/releases/${v1}/.svn`))).toBe(false);
    const pulled = (await traceOf(t, admin, v1)).find((r) => r.type === TraceType.pull)!;
    expect(JSON.parse(pulled.ext)).toMatchObject({
      commit: `r${revs.first}`,
      branch: 'origin/master',
    });
    expect(await everythingShown(t, admin, v1)).not.toContain(origin.password);

    // A new revision: the copy is switched to it (svn sends the differences), not checked out.
    const seen = origin.operations().length;
    revs.second = await origin.commit({ 'index.html': 'v2\n' }, 'second page');
    const before = fs.statSync(`${t.config.dataDir}/repository/project_${id}/lib/same.js`);
    const v2 = await publishAndWait(t, admin, { projectId: id });
    expect(readOn(server, 'site/app/index.html')).toBe('v2\n');
    const after = fs.statSync(`${t.config.dataDir}/repository/project_${id}/lib/same.js`);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    const asked = origin.operations().slice(seen);
    expect(asked).toContain('switch');
    expect(asked).not.toContain('checkout');

    // A chosen revision of master: the first page again.
    const v3 = await publishAndWait(t, admin, { projectId: id, commit: `r${revs.first}` });
    expect(readOn(server, 'site/app/index.html')).toBe('v1\n');
    const chosen = (await traceOf(t, admin, v3)).find((r) => r.type === TraceType.pull)!;
    expect(JSON.parse(chosen.ext)).toMatchObject({ commit: `r${revs.first}` });

    // Rollback to the second deploy: its release is still on the server, so it is re-linked.
    expect(await rollBack(v2)).toBe('symlink');
    expect(readOn(server, 'site/app/index.html')).toBe('v2\n');
  }, 120_000);

  it('deploys a branch, and rolls back by checking out the revision again without symlinks', async () => {
    const id = await addSvnProject('plain', { symlinkPath: '', branch: 'master' });
    const first = await publishAndWait(t, admin, { projectId: id });
    expect(readOn(server, 'plain/app/index.html')).toBe('v2\n');
    await publishAndWait(t, admin, { projectId: id, branch: 'feature-a' });
    expect(readOn(server, 'plain/app/index.html')).toBe('branch\n');
    expect(await rollBack(first)).toBe('publish');
    expect(readOn(server, 'plain/app/index.html')).toBe('v2\n');
  }, 120_000);

  it('fails the deploy with the reason when the password no longer works, and says no password', async () => {
    const id = await addSvnProject('locked', {
      ...svnAccess('not-the-password-31'),
    });
    const token = await publishAndWait(t, admin, { projectId: id });
    expect(await jobStatus(t, token)).toBe('failed');
    const shown = await everythingShown(t, admin, token);
    expect(shown).toContain('Authentication failed');
    expect(shown).not.toContain('not-the-password-31');
  }, 60_000);
});
