import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  emptyServers,
  everythingShown,
  existsOn,
  onServer,
  publishAndWait,
  readOn,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import type { ProjectForm } from '../../../test/project-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let server: SshdServer;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  server = fleet.servers[0]!;
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
});

beforeEach(async () => {
  origin = await createGitOrigin();
  t = await buildTestApp();
  admin = await adminOf(t);
  emptyServers(fleet.servers);
  return async () => {
    await t.close();
    origin.cleanup();
  };
});

/** A project deploying to the one server (symlink releases unless `project` says otherwise). */
const addProject = (project: Partial<ProjectForm> = {}) =>
  addDeployProject(t, admin, { origin, servers: [server], mountAt, project });

const inode = (rel: string) => fs.statSync(onServer(server, rel)).ino;

/**
 * Waits for the spare copy made in the background once `release` went live, and removes it: the
 * next deploy then links the current release itself, as when the spare is not ready yet.
 */
async function dropSpare(release: string) {
  const spare = onServer(server, `releases/.ferry-spare-${release}`);
  await vi.waitFor(() => expect(fs.existsSync(spare)).toBe(true), { timeout: 15_000 });
  fs.rmSync(spare, { recursive: true });
}

const job = (token: string) =>
  t.db.selectFrom('job').selectAll().where('token', '=', token).executeTakeFirstOrThrow();

const releaseRows = (projectId: number) =>
  t.db
    .selectFrom('project_release')
    .select(['name', 'state', 'complete'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();

async function rollBack(token: string) {
  const r = await t.call<{ type: string; token: string }>('POST', '/deploy/rebuild', {
    token: admin.token,
    ns: 1,
    body: { token },
  });
  if (r.code !== 0) throw new Error(`rebuild: ${r.code} ${r.message}`);
  await t.deployQueue.idle();
  expect((await job(r.data.token)).status).toBe('succeeded');
  return r.data;
}

describe('symlink releases seeded from the current one', () => {
  it('links unchanged files from the previous release, leaves it as it was and rolls back to it', async () => {
    await origin.commit({ 'index.html': 'v1', 'lib/same.js': 'same' }, 'one');
    const { projectId } = await addProject({ symlinkBackupNumber: 3 });
    const v1 = await publishAndWait(t, admin, { projectId });
    // Same size, so only the content tells the versions apart.
    await origin.commit({ 'index.html': 'v2' }, 'two');
    const v2 = await publishAndWait(t, admin, { projectId });

    expect(fs.readlinkSync(onServer(server, 'app'))).toBe(`./releases/${v2}`);
    expect(readOn(server, `releases/${v2}/index.html`)).toBe('v2');
    expect(readOn(server, `releases/${v1}/index.html`)).toBe('v1');
    // The unchanged file is one inode in both releases; the changed one is a new file.
    expect(inode(`releases/${v2}/lib/same.js`)).toBe(inode(`releases/${v1}/lib/same.js`));
    expect(inode(`releases/${v2}/index.html`)).not.toBe(inode(`releases/${v1}/index.html`));

    expect((await rollBack(v1)).type).toBe('symlink');
    expect(fs.readlinkSync(onServer(server, 'app'))).toBe(`./releases/${v1}`);
    expect(readOn(server, 'app/index.html')).toBe('v1');
    expect(readOn(server, `releases/${v2}/index.html`)).toBe('v2');
  }, 90_000);

  it('sends every file when the options write in place, so no release shares a written inode', async () => {
    await origin.commit({ 'index.html': 'v1', 'same.txt': 'same' }, 'one');
    const { projectId } = await addProject({ transferOption: '-rt --exclude .git --inplace' });
    const v1 = await publishAndWait(t, admin, { projectId });
    await origin.commit({ 'index.html': 'v2' }, 'two');
    const v2 = await publishAndWait(t, admin, { projectId });
    expect(readOn(server, `releases/${v1}/index.html`)).toBe('v1');
    expect(readOn(server, `releases/${v2}/index.html`)).toBe('v2');
    expect(inode(`releases/${v2}/same.txt`)).not.toBe(inode(`releases/${v1}/same.txt`));
  }, 90_000);
});

describe('seeding a release by linking the current one on the server', () => {
  it('holds exactly the commit in the new release and leaves the previous one as it was', async () => {
    await origin.commit({ 'index.html': 'v1', 'lib/same.js': 'same', 'gone.txt': 'bye' }, 'one');
    const { projectId } = await addProject({
      transferOption: '-rtv --exclude .git --exclude uploads --delete-after',
    });
    const v1 = await publishAndWait(t, admin, { projectId });
    // Linked at deploy time (the spare made when v1 went live predates what the app wrote).
    await dropSpare(v1);
    // What the running app wrote into its release, excluded or not.
    fs.writeFileSync(onServer(server, `releases/${v1}/runtime.log`), 'app log');
    fs.chownSync(onServer(server, `releases/${v1}/runtime.log`), server.uid, server.uid);
    fs.mkdirSync(onServer(server, `releases/${v1}/uploads`));
    fs.writeFileSync(onServer(server, `releases/${v1}/uploads/a.png`), 'png');
    await origin.commit({ 'index.html': 'v2', 'gone.txt': null }, 'two');
    const before = server.logins();
    const v2 = await publishAndWait(t, admin, { projectId });
    expect((await job(v2)).status).toBe('succeeded');
    // No login: the server links, receives, switches and prunes in one session on the login
    // rsync made for v1 (decision 0054).
    expect(server.logins() - before).toBe(0);

    expect(fs.readlinkSync(onServer(server, 'app'))).toBe(`./releases/${v2}`);
    expect(fs.readdirSync(onServer(server, `releases/${v2}`)).sort()).toEqual([
      'index.html',
      'lib',
    ]);
    expect(inode(`releases/${v2}/lib/same.js`)).toBe(inode(`releases/${v1}/lib/same.js`));
    expect(readOn(server, `releases/${v2}/index.html`)).toBe('v2');
    expect(fs.readdirSync(onServer(server, `releases/${v1}`)).sort()).toEqual([
      'gone.txt',
      'index.html',
      'lib',
      'runtime.log',
      'uploads',
    ]);
    expect(readOn(server, `releases/${v1}/index.html`)).toBe('v1');
    expect(readOn(server, `releases/${v1}/uploads/a.png`)).toBe('png');
    // Linked by the server, then made the commit's by rsync, which says what it removed.
    const shown = await everythingShown(t, admin, v2);
    expect(shown).toContain('deleting runtime.log');
    // The upload belongs to another user, whose files the kernel does not let this one link.
    expect(shown).toContain('some files of the current release could not be linked; they are sent');
    expect(shown).not.toContain('every file is sent');
  }, 90_000);

  it('lets rsync link unchanged files itself when the options keep modes, so a mode change stays new', async () => {
    await origin.commit({ 'run.sh': 'echo run', 'same.txt': 'same' }, 'one');
    const { projectId } = await addProject({
      transferOption: '-rlptv --exclude .git',
      // A build step that changes a mode alone: same size, same time, another mode.
      script: {
        afterPull: { mode: 'bash', content: 'if [ -e make-exec ]; then chmod 755 run.sh; fi' },
        afterDeploy: { mode: '', content: '' },
        deployFinish: { mode: '', content: '' },
        customVariables: [],
      },
    });
    const v1 = await publishAndWait(t, admin, { projectId });
    await origin.commit({ 'make-exec': '' }, 'executable');
    const v2 = await publishAndWait(t, admin, { projectId });
    expect((await job(v2)).status).toBe('succeeded');
    const mode = (rel: string) => fs.statSync(onServer(server, rel)).mode & 0o111;
    expect(mode(`releases/${v2}/run.sh`)).not.toBe(0);
    expect(mode(`releases/${v1}/run.sh`)).toBe(0);
    expect(inode(`releases/${v2}/same.txt`)).toBe(inode(`releases/${v1}/same.txt`));
  }, 90_000);

  it('sends every file, and says so, when the current release is gone from the server', async () => {
    await origin.commit({ 'index.html': 'v1' }, 'one');
    const { projectId } = await addProject();
    const v1 = await publishAndWait(t, admin, { projectId });
    await dropSpare(v1);
    fs.rmSync(onServer(server, `releases/${v1}`), { recursive: true });
    await origin.commit({ 'index.html': 'v2' }, 'two');
    const v2 = await publishAndWait(t, admin, { projectId });
    expect((await job(v2)).status).toBe('succeeded');
    expect(readOn(server, 'app/index.html')).toBe('v2');
    expect(await everythingShown(t, admin, v2)).toContain(
      'could not link the current release into the new one; every file is sent',
    );
  }, 90_000);

  it('fails the server, switching nothing, when the deploy path became a real directory', async () => {
    await origin.commit({ 'index.html': 'v1' }, 'one');
    const { projectId } = await addProject();
    await publishAndWait(t, admin, { projectId });
    fs.rmSync(onServer(server, 'app'));
    fs.mkdirSync(onServer(server, 'app'));
    fs.writeFileSync(onServer(server, 'app/mine.txt'), 'mine');
    await origin.commit({ 'index.html': 'v2' }, 'two');
    const v2 = await publishAndWait(t, admin, { projectId });
    const failed = await job(v2);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('is a real directory');
    expect(readOn(server, 'app/mine.txt')).toBe('mine');
    expect((await releaseRows(projectId)).find((r) => r.name === v2)?.complete).toBe(0);
  }, 90_000);
});

describe('releases recorded before their transfer', () => {
  it('removes the directory of a release that was never linked, and never offers it for rollback', async () => {
    await origin.commit({ 'index.html': 'v1' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: {
        script: {
          afterPull: { mode: 'bash', content: '' },
          // Fails once the files are there and before the switch, as a crash there would.
          afterDeploy: { mode: 'bash', content: 'test -e ../../ok' },
          deployFinish: { mode: 'bash', content: '' },
          customVariables: [],
        },
      },
    });
    const failed = await publishAndWait(t, admin, { projectId });
    expect((await job(failed)).status).toBe('failed');
    expect(existsOn(server, `releases/${failed}/index.html`)).toBe(true);
    expect(existsOn(server, 'app')).toBe(false);
    expect(await releaseRows(projectId)).toEqual([{ name: failed, state: 1, complete: 0 }]);
    const offered = await t.db
      .selectFrom('project_release')
      .select('name')
      .where('complete', '=', 1)
      .execute();
    expect(offered).toEqual([]);

    fs.writeFileSync(onServer(server, 'ok'), '');
    await origin.commit({ 'index.html': 'v2' }, 'two');
    const next = await publishAndWait(t, admin, { projectId });
    expect((await job(next)).status).toBe('succeeded');
    expect(existsOn(server, `releases/${failed}`)).toBe(false);
    const names = fs.readdirSync(onServer(server, 'releases'));
    expect(names.filter((n) => !n.startsWith('.'))).toEqual([next]);
    expect(await releaseRows(projectId)).toEqual([{ name: next, state: 1, complete: 1 }]);
  }, 90_000);

  it('rebuilds instead of re-linking a release left incomplete', async () => {
    await origin.commit({ 'index.html': 'v1' }, 'one');
    const { projectId } = await addProject();
    const v1 = await publishAndWait(t, admin, { projectId });
    // As if the deploy had stopped between its transfer and its switch.
    await t.db.updateTable('project_release').set({ complete: 0 }).where('name', '=', v1).execute();
    const back = await rollBack(v1);
    expect(back.type).toBe('publish');
    expect(fs.readlinkSync(onServer(server, 'app'))).toBe(`./releases/${back.token}`);
    expect(existsOn(server, `releases/${v1}`)).toBe(false);
  }, 90_000);
});
