import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  emptyServers,
  editForm,
  everythingShown,
  existsOn,
  onServer,
  publishAndWait,
  readOn,
  traceOf,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { processesOfUid, processesRunning } from '../../../test/linux-processes.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 3, mountAt });
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

const projectRow = async (id: number) => {
  const r = await t.call<{ list: Array<Record<string, unknown>> }>('GET', '/deploy/getList', {
    token: admin.token,
    ns: 1,
  });
  return r.data.list.find((p) => p.id === id)!;
};

describe('deploy with rsync and symlink releases', () => {
  it('lands the commit on every server, switches the link and runs the scripts with variables', async () => {
    const sha = await origin.commit({ 'index.html': 'v1', 'lib/a.js': 'a' }, 'first');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers,
      mountAt,
      project: {
        script: {
          afterPull: {
            mode: 'bash',
            content: 'echo "built ${PROJECT_NAME} at $COMMIT_ID" > build.txt\necho pulled',
          },
          afterDeploy: {
            mode: 'bash',
            content: 'echo "on ${SERVER_NAME} #${SERVER_TOTAL_NUMBER}"',
          },
          deployFinish: { mode: '', content: '' },
          customVariables: [],
        },
      },
    });
    const token = await publishAndWait(t, admin, { projectId });

    for (const s of fleet.servers) {
      const link = fs.readlinkSync(onServer(s, 'app'));
      expect(link).toBe(`./releases/${token}`);
      expect(readOn(s, `releases/${token}/index.html`)).toBe('v1');
      expect(readOn(s, `releases/${token}/build.txt`)).toBe(`built shop at ${sha}\n`);
      expect(existsOn(s, `releases/${token}/.git`)).toBe(false);
    }
    const rows = await traceOf(t, admin, token);
    expect(rows.every((r) => r.state === 1)).toBe(true);
    expect(rows.map((r) => r.type).sort()).toEqual([0, 2, 3, 5, 5, 5, 6, 6, 6, 8]);
    const pull = JSON.parse(rows.find((r) => r.type === 2)!.ext) as Record<string, string>;
    expect(pull).toMatchObject({ commit: sha, message: 'first', branch: 'origin/main' });
    const afterDeploy = rows.filter((r) => r.type === 6);
    const outputs = await Promise.all(
      afterDeploy.map((r) =>
        t.call<{ detail: string }>('GET', '/deploy/getPublishTraceDetail', {
          token: admin.token,
          ns: 1,
          query: { id: r.id },
        }),
      ),
    );
    expect(outputs.map((o) => o.data.detail).sort()).toEqual(
      fleet.servers.map((s) => `on srv-${s.user} #3\n`).sort(),
    );

    const card = await projectRow(projectId);
    expect(card).toMatchObject({ deployState: 2, lastPublishToken: token, activeToken: '' });
    expect(JSON.parse(card.publishExt as string)).toMatchObject({ commit: sha });
    const progress = await t.call('GET', '/deploy/getPublishProgress', {
      token: admin.token,
      ns: 1,
      query: { lastPublishToken: token },
    });
    expect(progress.data).toMatchObject({ state: 2, stage: 'Publish Finish', status: 'succeeded' });
  }, 60_000);
});

const job = (token: string) =>
  t.db.selectFrom('job').selectAll().where('token', '=', token).executeTakeFirstOrThrow();

/** Waits until the deploy `token` runs (its job left the queue). */
async function untilRunning(token: string) {
  for (let i = 0; i < 400; i++) {
    if ((await job(token)).status === 'running') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the deploy never started');
}

const publish = (body: Record<string, unknown>) =>
  t.call<{ token: string; ahead: number }>('POST', '/deploy/publish', {
    token: admin.token,
    ns: 1,
    body,
  });

const script = (s: { afterPull?: string; afterDeploy?: string; deployFinish?: string }) => ({
  afterPull: { mode: 'bash' as const, content: s.afterPull ?? '' },
  afterDeploy: { mode: 'bash' as const, content: s.afterDeploy ?? '' },
  deployFinish: { mode: 'bash' as const, content: s.deployFinish ?? '' },
  customVariables: [],
});

describe('releases', () => {
  it('deletes removed files, prunes to the number kept and rolls back to the requested release', async () => {
    const servers = fleet.servers.slice(0, 2);
    const first = await origin.commit({ 'a.txt': 'a1', 'gone.txt': 'x' }, 'one');
    const { projectId } = await addDeployProject(t, admin, { origin, servers, mountAt });
    const t1 = await publishAndWait(t, admin, { projectId });
    await origin.commit({ 'a.txt': 'a2', 'gone.txt': null }, 'two');
    const t2 = await publishAndWait(t, admin, { projectId });
    for (const s of servers) {
      expect(readOn(s, 'app/a.txt')).toBe('a2');
      expect(existsOn(s, 'app/gone.txt')).toBe(false);
      expect(existsOn(s, `releases/${t1}/gone.txt`)).toBe(true);
    }
    // Once t2 is live, a spare copy of it is made in the background; t3 starts from it by a
    // rename (the release dir is the spare's own inode: a copy made then would be a new one).
    const spareInodes: number[] = [];
    for (const s of servers) {
      const spare = onServer(s, `releases/.ferry-spare-${t2}`);
      await vi.waitFor(() => expect(fs.existsSync(spare)).toBe(true), { timeout: 15_000 });
      spareInodes.push(fs.statSync(spare).ino);
    }
    await origin.commit({ 'a.txt': 'a3' }, 'three');
    const t3 = await publishAndWait(t, admin, { projectId });
    for (const [i, s] of servers.entries()) {
      // Two kept: the first release is gone, and nothing else was touched.
      const names = fs.readdirSync(onServer(s, 'releases'));
      expect(names.filter((n) => !n.startsWith('.')).sort()).toEqual([t2, t3].sort());
      expect(readOn(s, 'app/a.txt')).toBe('a3');
      expect(readOn(s, `releases/${t2}/a.txt`)).toBe('a2');
      expect(fs.statSync(onServer(s, `releases/${t3}`)).ino).toBe(spareInodes[i]);
      // Then the spare of t3 is made, and it is the only one.
      await vi.waitFor(
        () =>
          expect(fs.readdirSync(onServer(s, 'releases')).filter((n) => n.startsWith('.'))).toEqual([
            `.ferry-spare-${t3}`,
          ]),
        { timeout: 15_000 },
      );
    }

    const back = await t.call<{ type: string; token: string }>('POST', '/deploy/rebuild', {
      token: admin.token,
      ns: 1,
      body: { token: t2 },
    });
    expect(back.data.type).toBe('symlink');
    await t.deployQueue.idle();
    expect((await job(back.data.token)).status).toBe('succeeded');
    for (const s of servers) {
      expect(fs.readlinkSync(onServer(s, 'app'))).toBe(`./releases/${t2}`);
      expect(readOn(s, 'app/a.txt')).toBe('a2');
    }

    // The first release was pruned: rolling back to it rebuilds that commit.
    const rebuilt = await t.call<{ type: string; token: string }>('POST', '/deploy/rebuild', {
      token: admin.token,
      ns: 1,
      body: { token: t1 },
    });
    expect(rebuilt.data.type).toBe('publish');
    await t.deployQueue.idle();
    for (const s of servers) {
      expect(fs.readlinkSync(onServer(s, 'app'))).toBe(`./releases/${rebuilt.data.token}`);
      expect(readOn(s, 'app/a.txt')).toBe('a1');
    }
    const pull = (await traceOf(t, admin, rebuilt.data.token)).find((r) => r.type === 2)!;
    expect(JSON.parse(pull.ext)).toMatchObject({ commit: first });
  }, 90_000);

  it('transfers over sftp: every file first, then only changes, deletions with --delete', async () => {
    const servers = fleet.servers.slice(0, 2);
    await origin.commit({ 'a.txt': 'a1', 'b/c.txt': 'c', 'gone.txt': 'x' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers,
      mountAt,
      project: { symlinkPath: '', transferType: 'sftp', transferOption: '--exclude .git --delete' },
    });
    await publishAndWait(t, admin, { projectId });
    for (const s of servers) expect(readOn(s, 'app/b/c.txt')).toBe('c');
    // sftp compares size and modification time (whole seconds, as SFTP carries them).
    await new Promise((r) => setTimeout(r, 1100));
    await origin.commit({ 'a.txt': 'a2', 'gone.txt': null }, 'two');
    const token = await publishAndWait(t, admin, { projectId });
    for (const s of servers) {
      expect(readOn(s, 'app/a.txt')).toBe('a2');
      expect(existsOn(s, 'app/gone.txt')).toBe(false);
      expect(existsOn(s, 'app/.git')).toBe(false);
    }
    const shown = await everythingShown(t, admin, token);
    expect(shown).toMatch(/uploaded 1\b/);
  }, 60_000);

  it('sends over sftp a same-size change made within the same second, by the kept manifest', async () => {
    const server = fleet.servers[0]!;
    await origin.commit({ 'index.html': 'v1', 'same.txt': 'same' }, 'one');
    // The build stamps its output with one second (a fraction of it varies), as some builds do.
    const stamp = 'touch -d "@1700000000.$(date +%N)" index.html';
    const { projectId, serverIds } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: {
        symlinkPath: '',
        transferType: 'sftp',
        transferOption: '--exclude .git --delete',
        script: script({ afterPull: stamp }),
      },
    });
    await publishAndWait(t, admin, { projectId });
    const kept = await t.db.selectFrom('transfer_manifest').selectAll().execute();
    expect(kept).toMatchObject([
      { project_id: projectId, server_id: serverIds[0], dest: `${mountAt}/app` },
    ]);
    await origin.commit({ 'index.html': 'v2' }, 'two');
    const token = await publishAndWait(t, admin, { projectId });
    expect(readOn(server, 'app/index.html')).toBe('v2');
    expect(await everythingShown(t, admin, token)).toMatch(/uploaded 1, unchanged 1\b/);

    // A transfer that fails leaves no manifest: the next one compares with the server. (A dir
    // holding an excluded path where the project now has a file: the sync refuses.)
    fs.mkdirSync(onServer(server, 'app/new.txt/.git'), { recursive: true });
    await origin.commit({ 'new.txt': 'new' }, 'three');
    const failed = await publishAndWait(t, admin, { projectId });
    expect((await job(failed)).status).toBe('failed');
    expect(await t.db.selectFrom('transfer_manifest').selectAll().execute()).toEqual([]);
  }, 60_000);
});

describe('rollbacks', () => {
  const rebuild = async (token: string) => {
    const r = await t.call<{ type: string; token: string }>('POST', '/deploy/rebuild', {
      token: admin.token,
      ns: 1,
      body: { token },
    });
    expect(r.code).toBe(0);
    await t.deployQueue.idle();
    expect((await job(r.data.token)).status).toBe('succeeded');
    return r.data;
  };
  const pullExt = async (token: string) =>
    JSON.parse((await traceOf(t, admin, token)).find((r) => r.type === 2)!.ext) as {
      branch: string;
      commit: string;
    };

  it('re-links the original release when the deploy rolled back to was itself a rollback', async () => {
    const servers = fleet.servers.slice(0, 1);
    const [s] = servers;
    await origin.commit({ 'a.txt': 'a1' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers,
      mountAt,
      project: { symlinkBackupNumber: 5 },
    });
    const t1 = await publishAndWait(t, admin, { projectId });
    await origin.commit({ 'a.txt': 'a2' }, 'two');
    await publishAndWait(t, admin, { projectId });
    const back = await rebuild(t1);
    expect(back.type).toBe('symlink');
    await origin.commit({ 'a.txt': 'a3' }, 'three');
    await publishAndWait(t, admin, { projectId });
    expect(readOn(s!, 'app/a.txt')).toBe('a3');

    const again = await rebuild(back.token);
    expect(again.type).toBe('symlink');
    expect(fs.readlinkSync(onServer(s!, 'app'))).toBe(`./releases/${t1}`);
    expect(readOn(s!, 'app/a.txt')).toBe('a1');
    // Nothing was rebuilt: no release directory of the rollbacks' own.
    expect(existsOn(s!, `releases/${again.token}`)).toBe(false);
    expect(existsOn(s!, `releases/${back.token}`)).toBe(false);
  }, 90_000);

  it('marks the release the servers run as current and refuses to roll back to it', async () => {
    const servers = fleet.servers.slice(0, 1);
    await origin.commit({ 'a.txt': 'a1' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers,
      mountAt,
      project: { symlinkBackupNumber: 5 },
    });
    const t1 = await publishAndWait(t, admin, { projectId });
    await origin.commit({ 'a.txt': 'a2' }, 'two');
    const t2 = await publishAndWait(t, admin, { projectId });
    const history = async () =>
      (
        await t.call<{ list: Array<{ token: string; current: boolean }> }>(
          'GET',
          '/deploy/getPreview',
          { token: admin.token, ns: 1, query: { projectId } },
        )
      ).data.list.map((h) => [h.token, h.current]);
    expect(await history()).toEqual([
      [t2, true],
      [t1, false],
    ]);
    const refused = await t.call('POST', '/deploy/rebuild', {
      token: admin.token,
      ns: 1,
      body: { token: t2 },
    });
    expect(refused).toMatchObject({ code: 10003, message: expect.stringContaining('token') });
    expect(await t.db.selectFrom('job').select('id').execute()).toHaveLength(2);

    // After a rollback to the first, the first and the rollback run the same release.
    const back = await rebuild(t1);
    expect(await history()).toEqual([
      [back.token, true],
      [t2, false],
      [t1, true],
    ]);
    const again = await t.call('POST', '/deploy/rebuild', {
      token: admin.token,
      ns: 1,
      body: { token: t1 },
    });
    expect(again.code).toBe(10003);
    expect((await rebuild(t2)).type).toBe('symlink');
  }, 90_000);

  it('records the branch of a chosen commit, and carries it over to its rollbacks', async () => {
    const servers = fleet.servers.slice(0, 1);
    await origin.commit({ 'a.txt': 'a0' }, 'zero');
    // Chosen on another branch than the project's, whose name holds a slash.
    const first = await origin.commit({ 'a.txt': 'a1' }, 'one', { branch: 'feature/pay' });
    await origin.commit({ 'a.txt': 'a2' }, 'two');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers,
      mountAt,
      project: { symlinkBackupNumber: 1 },
    });
    const chosen = await publishAndWait(t, admin, {
      projectId,
      branch: 'feature/pay',
      commit: first,
    });
    const onBranch = { branch: 'origin/feature/pay', commit: first };
    expect(await pullExt(chosen)).toMatchObject(onBranch);
    const ext = JSON.parse(String((await projectRow(projectId)).publishExt)) as object;
    expect(ext).toMatchObject(onBranch);

    await publishAndWait(t, admin, { projectId });
    // One release kept: the chosen commit's is gone, so rolling back rebuilds it.
    const rebuilt = await rebuild(chosen);
    expect(rebuilt.type).toBe('publish');
    expect(await pullExt(rebuilt.token)).toMatchObject(onBranch);
    await publishAndWait(t, admin, { projectId });
    const relinked = await rebuild(rebuilt.token);
    expect(await pullExt(relinked.token)).toMatchObject(onBranch);
  }, 90_000);
});

describe('failures and limits', () => {
  it('fails one stopped server alone while the others succeed', async () => {
    const extra = await startSshdFleet({ count: 1, mountAt: deployMountPoint() });
    try {
      await origin.commit({ 'a.txt': 'a' }, 'one');
      const servers = [fleet.servers[0]!, extra.servers[0]!, fleet.servers[1]!];
      const { projectId, serverIds } = await addDeployProject(t, admin, {
        origin,
        servers,
        mountAt,
        project: { symlinkPath: '', script: script({ afterPull: 'sleep 1' }) },
      });
      const r = await publish({ projectId });
      await untilRunning(r.data.token);
      await extra.servers[0]!.stop();
      await t.deployQueue.idle();
      expect(readOn(servers[0]!, 'app/a.txt')).toBe('a');
      expect(readOn(servers[2]!, 'app/a.txt')).toBe('a');
      const rows = await traceOf(t, admin, r.data.token);
      const transfers = rows.filter((x) => x.type === 5);
      expect(transfers.map((x) => [x.serverId, x.state]).sort()).toEqual(
        [
          [serverIds[0], 1],
          [serverIds[1], 0],
          [serverIds[2], 1],
        ].sort(),
      );
      expect((await job(r.data.token)).status).toBe('failed');
      expect((await projectRow(projectId)).deployState).toBe(3);
    } finally {
      await extra.stopAll();
    }
  }, 60_000);

  it('runs two publishes of one project one after the other', async () => {
    await origin.commit({ 'a.txt': 'a' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers.slice(0, 1),
      mountAt,
      project: { script: script({ afterPull: 'sleep 0.5' }) },
    });
    const a = await publish({ projectId });
    const b = await publish({ projectId });
    expect(a.data.ahead).toBe(0);
    expect(b.data.ahead).toBe(1);
    await t.deployQueue.idle();
    const [ja, jb] = [await job(a.data.token), await job(b.data.token)];
    expect([ja.status, jb.status]).toEqual(['succeeded', 'succeeded']);
    expect(jb.start_time!).toBeGreaterThanOrEqual(ja.end_time!);
    expect((await projectRow(projectId)).deployState).toBe(2);
  }, 60_000);

  it('stops a build that hangs at its timeout', async () => {
    await origin.commit({ 'a.txt': 'a' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers.slice(0, 1),
      mountAt,
      project: { buildTimeout: 1, script: script({ afterPull: 'sleep 60' }) },
    });
    const started = Date.now();
    const token = await publishAndWait(t, admin, { projectId });
    expect(Date.now() - started).toBeLessThan(15_000);
    const rows = await traceOf(t, admin, token);
    expect(rows.find((r) => r.type === 3)).toMatchObject({ state: 0 });
    expect(rows.find((r) => r.type === 3)!.detail).toContain('timed out after 1 s');
    expect((await projectRow(projectId)).deployState).toBe(3);
  }, 30_000);

  it('cancels a deploy during its build and during its after-deploy script', async () => {
    await origin.commit({ 'a.txt': 'a' }, 'one');
    const server = fleet.servers[0]!;
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: { script: script({ afterPull: 'sleep 61' }) },
    });
    const r = await publish({ projectId });
    await untilRunning(r.data.token);
    await new Promise((res) => setTimeout(res, 300));
    const c = await t.call('POST', '/deploy/cancel', {
      token: admin.token,
      ns: 1,
      body: { token: r.data.token },
    });
    expect(c.data).toEqual({ status: 'cancelling' });
    await t.deployQueue.idle();
    expect((await job(r.data.token)).status).toBe('cancelled');
    expect((await projectRow(projectId)).deployState).toBe(3);
    expect(sleepers('61')).toEqual([]);

    const edited = await t.call('PUT', '/project/edit', {
      token: admin.token,
      ns: 1,
      body: {
        ...(await editForm(t, admin, projectId)),
        script: script({ afterDeploy: 'sleep 62' }),
      },
    });
    expect(edited.message).toBe('');
    expect(edited.code).toBe(0);
    const r2 = await publish({ projectId });
    for (let i = 0; i < 400 && sleepers('62').length === 0; i++) {
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(sleepers('62').length).toBeGreaterThan(0);
    await t.call('POST', '/deploy/cancel', {
      token: admin.token,
      ns: 1,
      body: { token: r2.data.token },
    });
    await t.deployQueue.idle();
    expect((await job(r2.data.token)).status).toBe('cancelled');
    for (let i = 0; i < 100 && sleepers('62').length > 0; i++) {
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(sleepers('62')).toEqual([]);
  }, 60_000);

  it('cancels a deploy during its transfer: rsync ends on both sides, nothing is switched', async () => {
    // 3 MiB that cannot be compressed, sent at 64 KiB/s: the transfer would take about 48 s.
    await origin.commit({ 'big.bin': randomBytes(3 * 1024 * 1024).toString('base64') }, 'big');
    const server = fleet.servers[1]!;
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: { transferOption: '-rt --exclude .git --bwlimit=64' },
    });
    const receivers = () => processesOfUid(server.uid, 'rsync');
    const r = await publish({ projectId });
    for (let i = 0; i < 400 && receivers().length === 0; i++) {
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(receivers().length).toBeGreaterThan(0);
    const c = await t.call('POST', '/deploy/cancel', {
      token: admin.token,
      ns: 1,
      body: { token: r.data.token },
    });
    expect(c.data).toEqual({ status: 'cancelling' });
    await t.deployQueue.idle();
    expect((await job(r.data.token)).status).toBe('cancelled');
    expect((await projectRow(projectId)).deployState).toBe(3);
    for (let i = 0; i < 100 && receivers().length > 0; i++) {
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(receivers()).toEqual([]);
    // The deploy path was never switched to the unfinished release.
    expect(existsOn(server, 'app')).toBe(false);
  }, 60_000);
});

const sleepers = (n: string) => processesRunning(`sleep ${n}`);
