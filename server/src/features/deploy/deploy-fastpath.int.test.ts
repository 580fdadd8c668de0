import { TraceType } from '@ferry/contract';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  emptyServers,
  jobStatus,
  onServer,
  publishAndWait,
  readOn,
  traceOf,
  type TraceRow,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { projectForm, type ProjectForm } from '../../../test/project-fixtures.js';
import { addServer, jumpVia, listedServer, serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { startTcpRelay } from '../../../test/tcp-relay.js';

/*
 * A deploy that needs nothing but the files (rsync mode, no after-deploy script, no symlink)
 * logs in to each server once, rsync's own login, once the console has verified the server's
 * host key in an earlier deploy. These consoles share no login between transfers
 * (FERRY_SSH_REUSE_SECONDS=0), so each login is seen; the last describe shares them.
 */

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 2, mountAt });
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
});

beforeEach(async () => {
  origin = await createGitOrigin();
  t = await buildTestApp({ FERRY_SSH_REUSE_SECONDS: '0' });
  admin = await adminOf(t);
  emptyServers(fleet.servers);
  return async () => {
    await t.close();
    origin.cleanup();
  };
});

/** Files only: no symlink releases, no scripts. */
const PLAIN: Partial<ProjectForm> = { symlinkPath: '' };

/** Logins each server accepted while `action` ran. */
async function loginsDuring(servers: readonly SshdServer[], action: () => Promise<unknown>) {
  const before = servers.map((s) => s.logins());
  await action();
  return servers.map((s, i) => s.logins() - before[i]!);
}

const transfers = (rows: TraceRow[]) => rows.filter((r) => r.type === 5);
const commandOf = (row: TraceRow) => (JSON.parse(row.ext) as { command: string }).command;

/** A trace row's full output (the list carries it for failed rows only). */
async function detailOf(row: TraceRow): Promise<string> {
  const r = await t.call<{ detail: string }>('GET', '/deploy/getPublishTraceDetail', {
    token: admin.token,
    ns: 1,
    query: { id: row.id },
  });
  return r.data.detail;
}

describe('deploy with one login per server', () => {
  it('logs in twice on the first deploy and once on the next, with the same trace', async () => {
    const servers = fleet.servers;
    await origin.commit({ 'a.txt': 'a1', 'lib/b.txt': 'b' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers,
      mountAt,
      project: PLAIN,
    });
    let first = '';
    // Nothing verified since the console started: it connects, then rsync logs in.
    const firstLogins = await loginsDuring(servers, async () => {
      first = await publishAndWait(t, admin, { projectId });
    });
    expect(firstLogins).toEqual([2, 2]);
    for (const s of servers) expect(readOn(s, 'app/lib/b.txt')).toBe('b');

    // Another size: rsync's quick check compares whole seconds, and this may be the same one.
    await origin.commit({ 'a.txt': 'a2 changed' }, 'two');
    let second = '';
    const nextLogins = await loginsDuring(servers, async () => {
      second = await publishAndWait(t, admin, { projectId });
    });
    expect(nextLogins).toEqual([1, 1]);
    for (const s of servers) expect(readOn(s, 'app/a.txt')).toBe('a2 changed');

    const [before, after] = [await traceOf(t, admin, first), await traceOf(t, admin, second)];
    expect(after.map((r) => [r.type, r.state]).sort()).toEqual(
      before.map((r) => [r.type, r.state]).sort(),
    );
    for (const row of transfers(after)) {
      expect(row.state).toBe(1);
      const same = transfers(before).find((r) => r.serverId === row.serverId)!;
      expect(commandOf(row)).toBe(commandOf(same));
      // -v output, streamed as before: the one changed file.
      const detail = await detailOf(row);
      expect(detail).toContain('a.txt\n');
      expect(detail).not.toContain('lib/b.txt');
    }
  }, 60_000);

  it('creates a missing destination, and says so when it cannot, as the connecting path does', async () => {
    const server = fleet.servers[0]!;
    const nested = `${mountAt}/deep/er/app`;
    await origin.commit({ 'a.txt': 'a' }, 'one');
    const made = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: { ...PLAIN, path: nested },
    });
    await publishAndWait(t, admin, { projectId: made.projectId });
    fs.rmSync(onServer(server, 'deep'), { recursive: true });
    const remade = await loginsDuring([server], () =>
      publishAndWait(t, admin, { projectId: made.projectId }),
    );
    expect(remade).toEqual([1]);
    expect(readOn(server, 'deep/er/app/a.txt')).toBe('a');

    // The server's user may not write under /root.
    const denied = `/root/ferry-denied-${randomBytes(4).toString('hex')}/app`;
    const added = await t.call<{ id: number }>('POST', '/project/add', {
      token: admin.token,
      ns: 1,
      body: projectForm({
        name: 'denied',
        url: origin.url,
        path: denied,
        symlinkPath: '',
        transferType: 'rsync',
        transferOption: '-rtv --exclude .git',
        serverIds: made.serverIds,
      }),
    });
    expect(added.code).toBe(0);
    const projectId = added.data.id;
    let viaConsole = '';
    let viaRsync = '';
    // The first connects (its mkdir fails); the second lets rsync's mkdir fail.
    const logins = [
      ...(await loginsDuring([server], async () => {
        viaConsole = await publishAndWait(t, admin, { projectId });
      })),
      ...(await loginsDuring([server], async () => {
        viaRsync = await publishAndWait(t, admin, { projectId });
      })),
    ];
    expect(logins).toEqual([1, 1]);
    const [a, b] = [
      transfers(await traceOf(t, admin, viaConsole))[0]!,
      transfers(await traceOf(t, admin, viaRsync))[0]!,
    ];
    for (const row of [a, b]) {
      expect(row.state).toBe(0);
      expect(commandOf(row)).toBe(`mkdir -p ${denied}`);
      expect(row.detail).toMatch(
        new RegExp(
          `^cannot create ${denied}: mkdir: cannot create directory .*Permission denied\n$`,
        ),
      );
    }
    expect(b.detail).toBe(a.detail);
  }, 60_000);

  it('connects too for an after-deploy script or an own --rsync-path, not for symlink releases', async () => {
    const server = fleet.servers[0]!;
    await origin.commit({ 'a.txt': 'a' }, 'one');
    const withScript = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: {
        name: 'scripted',
        symlinkPath: '',
        script: {
          afterPull: { mode: '', content: '' },
          afterDeploy: { mode: 'bash', content: 'echo done' },
          deployFinish: { mode: '', content: '' },
          customVariables: [],
        },
      },
    });
    const linked = await addDeployProject(t, admin, {
      origin,
      servers: [],
      mountAt,
      project: { name: 'linked', path: `${mountAt}/linked`, serverIds: withScript.serverIds },
    });
    // A project's own --rsync-path is honoured as it is, so the engine does not add its own.
    const ownRsyncPath = await addDeployProject(t, admin, {
      origin,
      servers: [],
      mountAt,
      project: {
        name: 'own-rsync-path',
        path: `${mountAt}/own`,
        symlinkPath: '',
        serverIds: withScript.serverIds,
        transferOption: '-rt --exclude .git --rsync-path=/usr/bin/rsync',
      },
    });
    for (const [projectId, logins] of [
      [withScript.projectId, 2],
      // rsync's login also switches the link and prunes.
      [linked.projectId, 1],
      [ownRsyncPath.projectId, 2],
    ] as const) {
      await publishAndWait(t, admin, { projectId });
      const again = await loginsDuring([server], () => publishAndWait(t, admin, { projectId }));
      expect(again, `project ${projectId}`).toEqual([logins]);
    }
    expect(fs.readlinkSync(onServer(server, 'linked'))).toMatch(/^\.\/releases\//);
    expect(readOn(server, 'app/a.txt')).toBe('a');
    expect(readOn(server, 'own/a.txt')).toBe('a');
  }, 60_000);
});

describe('two logins at once', () => {
  it("overlaps rsync's login with the console's when the server needs both (an after-deploy script)", async () => {
    // Connections opened one after the other never wait together at this relay.
    const relay = await startTcpRelay(fleet.servers[0]!, { holdUntil: { waiting: 2, ms: 1500 } });
    try {
      await origin.commit({ 'a.txt': 'a1' }, 'one');
      const { projectId } = await addDeployProject(t, admin, {
        origin,
        servers: [relay.server],
        mountAt,
        project: {
          script: {
            afterPull: { mode: '', content: '' },
            afterDeploy: { mode: 'bash', content: 'test -e a.txt' },
            deployFinish: { mode: '', content: '' },
            customVariables: [],
          },
        },
      });
      // Nothing verified yet: the console connects, then rsync logs in.
      await publishAndWait(t, admin, { projectId });
      expect(relay.mostWaiting()).toBe(1);
      await origin.commit({ 'a.txt': 'a2 changed' }, 'two');
      await publishAndWait(t, admin, { projectId });
      expect(relay.mostWaiting()).toBe(2);
      expect(fs.readlinkSync(onServer(relay.server, 'app'))).toMatch(/^\.\/releases\//);
      expect(readOn(relay.server, 'app/a.txt')).toBe('a2 changed');
    } finally {
      await relay.close();
    }
  }, 60_000);
});

describe('jump hosts on the single-login path', () => {
  it('logs in once on the server and once on its jump host', async () => {
    const [target, jump] = fleet.servers as [SshdServer, SshdServer];
    const id = await addServer(t, admin, serverForm(target, jumpVia(jump)));
    await origin.commit({ 'a.txt': 'a1' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: [],
      mountAt,
      project: { ...PLAIN, serverIds: [id] },
    });
    const first = await loginsDuring([target, jump], () => publishAndWait(t, admin, { projectId }));
    expect(first).toEqual([2, 2]);
    await origin.commit({ 'a.txt': 'a2 new' }, 'two');
    const next = await loginsDuring([target, jump], () => publishAndWait(t, admin, { projectId }));
    expect(next).toEqual([1, 1]);
    expect(readOn(target, 'app/a.txt')).toBe('a2 new');
    expect(fs.existsSync(onServer(jump, 'app'))).toBe(false);
  }, 60_000);
});

describe('host keys on the single-login path', () => {
  it('refuses a re-keyed server as before, records the new key, and deploys once it is accepted', async () => {
    const ownMount = deployMountPoint();
    const rotating = await startSshdFleet({ count: 1, mountAt: ownMount });
    try {
      const server = rotating.servers[0]!;
      await origin.commit({ 'a.txt': 'a1' }, 'one');
      const { projectId, serverIds } = await addDeployProject(t, admin, {
        origin,
        servers: [server],
        mountAt: ownMount,
        project: PLAIN,
      });
      await publishAndWait(t, admin, { projectId });
      const old = server.hostKeyFingerprint;
      await server.restartWithNewHostKey();
      await origin.commit({ 'a.txt': 'a2 new' }, 'two');

      let token = '';
      const logins = await loginsDuring([server], async () => {
        token = await publishAndWait(t, admin, { projectId });
      });
      expect(logins).toEqual([0]);
      expect(readOn(server, 'app/a.txt')).toBe('a1');
      const [row] = transfers(await traceOf(t, admin, token));
      expect(row).toMatchObject({ state: 0 });
      expect(row!.detail).toContain(
        `expected ${old}, the server presented ${server.hostKeyFingerprint}`,
      );
      expect(await listedServer(t, admin, serverIds[0]!)).toMatchObject({
        fingerprint: old,
        pendingFingerprint: server.hostKeyFingerprint,
      });

      const accepted = await t.call('POST', '/server/acceptHostKey', {
        token: admin.token,
        ns: 1,
        body: { id: serverIds[0] },
      });
      expect(accepted.code).toBe(0);
      expect(await loginsDuring([server], () => publishAndWait(t, admin, { projectId }))).toEqual([
        2,
      ]);
      expect(readOn(server, 'app/a.txt')).toBe('a2 new');
      expect(await loginsDuring([server], () => publishAndWait(t, admin, { projectId }))).toEqual([
        1,
      ]);
    } finally {
      await rotating.stopAll();
    }
  }, 90_000);

  it('does not use a remembered key once the stored fingerprint is another one', async () => {
    const [server, other] = fleet.servers as [SshdServer, SshdServer];
    await origin.commit({ 'a.txt': 'a1' }, 'one');
    const { projectId, serverIds } = await addDeployProject(t, admin, {
      origin,
      servers: [server],
      mountAt,
      project: PLAIN,
    });
    await publishAndWait(t, admin, { projectId });
    // As if someone had trusted another machine's key for this server.
    await t.db
      .updateTable('server')
      .set({ host_key: other.hostKeyFingerprint })
      .where('id', '=', serverIds[0]!)
      .execute();
    await origin.commit({ 'a.txt': 'a2 new' }, 'two');
    let token = '';
    const logins = await loginsDuring([server], async () => {
      token = await publishAndWait(t, admin, { projectId });
    });
    expect(logins).toEqual([0]);
    expect(readOn(server, 'app/a.txt')).toBe('a1');
    const [row] = transfers(await traceOf(t, admin, token));
    expect(row).toMatchObject({ state: 0 });
    expect(row!.detail).toContain(`expected ${other.hostKeyFingerprint}`);
  }, 60_000);
});

describe("rsync's login shared between deploys (decision 0054)", () => {
  it('logs in nowhere on the next deploy, and again where a server was switched off and on', async () => {
    const shared = await buildTestApp();
    try {
      const owner = await adminOf(shared);
      const servers = fleet.servers;
      await origin.commit({ 'a.txt': 'a1' }, 'one');
      const { projectId, serverIds } = await addDeployProject(shared, owner, {
        origin,
        servers,
        mountAt,
        project: PLAIN,
      });
      const deploy = () => publishAndWait(shared, owner, { projectId });
      expect(await loginsDuring(servers, deploy)).toEqual([2, 2]);
      await origin.commit({ 'a.txt': 'a2 changed' }, 'two');
      expect(await loginsDuring(servers, deploy)).toEqual([0, 0]);
      for (const s of servers) expect(readOn(s, 'app/a.txt')).toBe('a2 changed');

      // Switching a server off ends its shared login: it is verified and logged in to afresh.
      for (const state of [0, 1]) {
        const r = await shared.call('PUT', '/server/toggle', {
          token: owner.token,
          ns: 1,
          body: { id: serverIds[0], state },
        });
        expect(r.code).toBe(0);
      }
      await origin.commit({ 'a.txt': 'a3 changed again' }, 'three');
      expect(await loginsDuring(servers, deploy)).toEqual([2, 0]);
      for (const s of servers) expect(readOn(s, 'app/a.txt')).toBe('a3 changed again');
    } finally {
      await shared.close();
    }
  }, 60_000);

  it('shares the login through a jump host too, with the jump host passed once', async () => {
    const shared = await buildTestApp();
    try {
      const owner = await adminOf(shared);
      const [target, jump] = fleet.servers as [SshdServer, SshdServer];
      const id = await addServer(shared, owner, serverForm(target, jumpVia(jump)));
      await origin.commit({ 'a.txt': 'a1' }, 'one');
      const { projectId } = await addDeployProject(shared, owner, {
        origin,
        servers: [],
        mountAt,
        project: { ...PLAIN, serverIds: [id] },
      });
      const deploy = () => publishAndWait(shared, owner, { projectId });
      expect(await loginsDuring([target, jump], deploy)).toEqual([2, 2]);
      await origin.commit({ 'a.txt': 'a2 new' }, 'two');
      expect(await loginsDuring([target, jump], deploy)).toEqual([0, 0]);
      expect(readOn(target, 'app/a.txt')).toBe('a2 new');
    } finally {
      await shared.close();
    }
  }, 60_000);
});

describe('the pull of a commit the working copy holds', () => {
  it('checks it out without a fetch, so it deploys with the origin gone; a branch still fetches', async () => {
    const servers = [fleet.servers[0]!];
    const one = await origin.commit({ 'a.txt': 'one' }, 'one');
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers,
      mountAt,
      project: PLAIN,
    });
    await publishAndWait(t, admin, { projectId });
    await origin.commit({ 'a.txt': 'two' }, 'two');
    await publishAndWait(t, admin, { projectId });
    expect(readOn(servers[0]!, 'app/a.txt')).toBe('two');

    const away = `${origin.dir}.away`;
    fs.renameSync(origin.dir, away);
    try {
      const again = await publishAndWait(t, admin, {
        projectId,
        commit: one,
        branch: 'origin/main',
      });
      expect(await jobStatus(t, again)).toBe('succeeded');
      expect(readOn(servers[0]!, 'app/a.txt')).toBe('one');
      const pull = (await traceOf(t, admin, again)).find((r) => r.type === TraceType.pull)!;
      expect(await detailOf(pull)).toContain(`${one} is in the working copy already: no fetch`);

      const branch = await publishAndWait(t, admin, { projectId });
      expect(await jobStatus(t, branch)).toBe('failed');
    } finally {
      fs.renameSync(away, origin.dir);
    }
  }, 60_000);
});
