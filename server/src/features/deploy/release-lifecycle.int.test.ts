import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  emptyServers,
  existsOn,
  onServer,
  publishAndWait,
  readOn,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
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

const inode = (rel: string) => fs.statSync(onServer(server, rel)).ino;

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
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: { symlinkBackupNumber: 3 },
    });
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
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: { transferOption: '-rt --exclude .git --inplace' },
    });
    const v1 = await publishAndWait(t, admin, { projectId });
    await origin.commit({ 'index.html': 'v2' }, 'two');
    const v2 = await publishAndWait(t, admin, { projectId });
    expect(readOn(server, `releases/${v1}/index.html`)).toBe('v1');
    expect(readOn(server, `releases/${v2}/index.html`)).toBe('v2');
    expect(inode(`releases/${v2}/same.txt`)).not.toBe(inode(`releases/${v1}/same.txt`));
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
    expect(fs.readdirSync(onServer(server, 'releases'))).toEqual([next]);
    expect(await releaseRows(projectId)).toEqual([{ name: next, state: 1, complete: 1 }]);
  }, 90_000);

  it('rebuilds instead of re-linking a release left incomplete', async () => {
    await origin.commit({ 'index.html': 'v1' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
    });
    const v1 = await publishAndWait(t, admin, { projectId });
    // As if the deploy had stopped between its transfer and its switch.
    await t.db.updateTable('project_release').set({ complete: 0 }).where('name', '=', v1).execute();
    const back = await rollBack(v1);
    expect(back.type).toBe('publish');
    expect(fs.readlinkSync(onServer(server, 'app'))).toBe(`./releases/${back.token}`);
    expect(existsOn(server, `releases/${v1}`)).toBe(false);
  }, 90_000);
});
