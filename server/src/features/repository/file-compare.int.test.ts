import fs from 'node:fs';
import { Perm } from '@ferry/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  emptyServers,
  onServer,
  publishAndWait,
} from '../../../test/deploy-fixtures.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { startTcpRelay } from '../../../test/tcp-relay.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 3, mountAt });
  origin = await createGitOrigin();
  await origin.commit({ 'index.html': 'one\ntwo\n', 'conf/app.yml': 'a: 1\n' }, 'first');
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
});
beforeEach(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  emptyServers(fleet.servers);
  return () => t.close();
});

interface Compared {
  serverId: number;
  serverName: string;
  status: string;
  isModified: boolean;
  reason: string;
}

describe('file compare', { timeout: 60_000 }, () => {
  /** A project deployed to three servers, and bound to a fourth that is down. */
  async function deployed() {
    const [a, b, c] = fleet.servers as [SshdServer, SshdServer, SshdServer];
    const relay = await startTcpRelay(c);
    const { projectId, serverIds } = await addDeployProject(t, admin, {
      origin,
      servers: [a, b, c, relay.server],
      mountAt,
    });
    await relay.close();
    await publishAndWait(t, admin, { projectId, serverIds: serverIds.slice(0, 3) });
    return { projectId, serverIds, a, b, c };
  }
  const compare = (body: Record<string, unknown>, who = admin) =>
    t.call<Compared[]>('POST', '/deploy/fileCompare', { token: who.token, ns: 1, body });

  it('tells each server apart: no change, modified, missing, unreadable, unreachable', async () => {
    const { projectId, serverIds, a, b, c } = await deployed();
    const same = await compare({ projectId, filePath: 'index.html' });
    expect(same.code, same.message).toBe(0);
    expect(same.data.map((r) => [r.serverId, r.status, r.isModified])).toEqual([
      [serverIds[0], 'no change', false],
      [serverIds[1], 'no change', false],
      [serverIds[2], 'no change', false],
      [serverIds[3], 'client error', true],
    ]);
    expect(same.data[3]!.reason).toMatch(/refused|reach|connect/i);

    fs.writeFileSync(onServer(a, 'app/index.html'), 'one\nchanged\n');
    fs.rmSync(onServer(b, 'app/index.html'));
    fs.chmodSync(onServer(c, 'app/index.html'), 0o000);
    const after = await compare({ projectId, filePath: 'index.html' });
    expect(after.data.map((r) => r.status)).toEqual([
      'modified',
      'remote file not exists',
      'sftp error',
      'client error',
    ]);
    expect(after.data[2]!.reason).toMatch(/permission/i);

    const diff = await t.call<{ srcText: string; distText: string }>('POST', '/deploy/fileDiff', {
      token: admin.token,
      ns: 1,
      body: { projectId, serverId: serverIds[0], filePath: 'index.html' },
    });
    expect(diff.data).toEqual({ srcText: 'one\ntwo\n', distText: 'one\nchanged\n' });
    const missing = await t.call<{ srcText: string; distText: string }>(
      'POST',
      '/deploy/fileDiff',
      {
        token: admin.token,
        ns: 1,
        body: { projectId, serverId: serverIds[1], filePath: 'index.html' },
      },
    );
    expect(missing.data).toEqual({ srcText: 'one\ntwo\n', distText: '' });
  });

  it('refuses paths out of the working copy, unbound servers and callers without FileCompare', async () => {
    const { projectId, serverIds } = await deployed();
    for (const filePath of ['../etc/passwd', '/../etc/passwd', 'a\u0000b', '']) {
      const r = await compare({ projectId, filePath });
      expect(r.code, JSON.stringify(filePath)).toBe(10003);
      expect(r.message).toMatch(/filePath/);
    }
    const gone = await compare({ projectId, filePath: 'nope.txt' });
    expect(gone).toMatchObject({ code: 2, reason: 'file_missing' });
    // A leading / is the working copy's root, as goploy's browser sends paths: never the system's.
    const rooted = await compare({ projectId, filePath: '/etc/passwd' });
    expect(rooted).toMatchObject({ code: 2, reason: 'file_missing' });

    const other = await t.call<{ id: number }>('POST', '/server/add', {
      token: admin.token,
      ns: 1,
      body: {
        name: 'other',
        ip: '127.0.0.1',
        port: 22,
        owner: 'x',
        authType: 'password',
        password: 'x',
      },
    });
    const unbound = await t.call('POST', '/deploy/fileDiff', {
      token: admin.token,
      ns: 1,
      body: { projectId, serverId: other.data.id, filePath: 'index.html' },
    });
    expect(unbound.code).toBe(1);

    const member = await memberOf(t, admin, {
      account: 'nocompare',
      namespaceId: 1,
      permissionIds: [Perm.ShowDeployPage, Perm.GetAllDeployList, Perm.ManageRepository],
    });
    expect((await compare({ projectId, filePath: 'index.html' }, member)).code).toBe(1);
    const withIt = await memberOf(t, admin, {
      account: 'compare',
      namespaceId: 1,
      permissionIds: [Perm.FileCompare, Perm.GetAllDeployList],
    });
    const r = await compare({ projectId, filePath: 'conf/app.yml' }, withIt);
    expect(r.code, r.message).toBe(0);
    expect(r.data.slice(0, 3).every((x) => x.status === 'no change')).toBe(true);
    expect(serverIds).toHaveLength(4);
  });
});
