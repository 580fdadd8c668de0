import path from 'node:path';
import { Perm } from '@ferry/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { addProject, projectForm, secondNamespace } from '../../../test/project-fixtures.js';
import { processesOfUid } from '../../../test/linux-processes.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  [a, b] = fleet.servers as [SshdServer, SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

interface GoployResult {
  serverId: number;
  execRes: boolean;
  stdout: string;
  stderr: string;
  startTime?: string;
  endTime?: string;
}

describe('process commands through the remote-run engine', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let idA: number;
  let idB: number;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });
  beforeEach(async () => {
    idA = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
    idB = await addServer(t, admin, serverForm(b, { name: 'beta' }));
  });

  const call = <T>(path: string, body: Record<string, unknown>, token = admin.token, ns = 1) =>
    t.call<T>('POST', path, { token, ns, body });
  const runs = async () =>
    t.db.selectFrom('remote_run').select(['kind', 'title', 'state']).orderBy('id').execute();

  it("runs a server process group's button on one server (goploy's answer) or several", async () => {
    const group = await call<{ id: number }>('/server/addProcess', {
      name: 'app',
      items: [
        { name: 'hello', command: 'echo "${SERVER_NAME} says hi from $(pwd)"' },
        { name: 'fail', command: 'echo bad >&2; exit 4' },
      ],
    });
    expect(group.code, group.message).toBe(0);
    const id = group.data.id;
    const one = await call<GoployResult>('/server/execProcess', {
      id,
      name: 'hello',
      serverId: idA,
    });
    expect(one.code, one.message).toBe(0);
    expect(one.data).toEqual({
      serverId: idA,
      execRes: true,
      stdout: `alpha says hi from ${path.join(a.dir, 'home')}\n`,
      stderr: '',
    });
    const both = await call<GoployResult[]>('/server/execProcess', {
      id,
      name: 'fail',
      serverIds: [idA, idB],
    });
    expect(both.data.map((r) => [r.serverId, r.execRes, r.stderr])).toEqual([
      [idA, false, 'bad\n'],
      [idB, false, 'bad\n'],
    ]);
    expect(await runs()).toEqual([
      { kind: 'serverProcess', title: 'app: hello', state: 'ok' },
      { kind: 'serverProcess', title: 'app: fail', state: 'failed' },
    ]);

    const missing = await call('/server/execProcess', { id, name: 'nope', serverId: idA });
    expect(missing).toMatchObject({ code: 2, reason: 'process_item_missing' });
    const noServer = await call('/server/execProcess', { id, name: 'hello' });
    expect(noServer.code).toBe(10003);
    expect(noServer.message).toMatch(/serverId.*must name a server/);
    expect(await runs()).toHaveLength(2);
  });

  it("refuses another namespace's group and a member without the process page", async () => {
    const group = await call<{ id: number }>('/server/addProcess', {
      name: 'app',
      items: [{ name: 'hello', command: 'touch never' }],
    });
    await secondNamespace(t, admin);
    const elsewhere = await call(
      '/server/execProcess',
      { id: group.data.id, name: 'hello', serverId: idA },
      admin.token,
      2,
    );
    expect(elsewhere.code).toBe(1);
    const member = await memberOf(t, admin, {
      account: 'noproc',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerScriptPage],
    });
    const denied = await call(
      '/server/execProcess',
      { id: group.data.id, name: 'hello', serverId: idA },
      member.token,
    );
    expect(denied.code).toBe(1);
    expect(await runs()).toEqual([]);
  });

  it('stops a streamed process run: its remote processes end, none left behind', async () => {
    const group = await call<{ id: number }>('/server/addProcess', {
      name: 'app',
      items: [{ name: 'hang', command: 'echo started; sleep 300 & sleep 301; echo never' }],
    });
    const r = await call<{ runId: number }>('/server/execProcess', {
      id: group.data.id,
      name: 'hang',
      serverIds: [idA, idB],
      stream: 1,
    });
    expect(r.code, r.message).toBe(0);
    const sleeping = (s: SshdServer) => processesOfUid(s.uid, 'sleep').length;
    await expect.poll(() => sleeping(a) + sleeping(b), { timeout: 10_000 }).toBe(4);
    const stopOne = await call('/server/stopProcess', { runId: r.data.runId, serverId: idA });
    expect(stopOne.code, stopOne.message).toBe(0);
    await expect.poll(() => sleeping(a), { timeout: 10_000 }).toBe(0);
    expect(sleeping(b)).toBe(2);
    const stopAll = await call('/server/stopProcess', { runId: r.data.runId });
    expect(stopAll.code, stopAll.message).toBe(0);
    await expect.poll(() => sleeping(b), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await runs())[0]?.state).toBe('stopped');
    const parts = await t.db
      .selectFrom('remote_run_server')
      .select(['state'])
      .where('run_id', '=', r.data.runId)
      .orderBy('id')
      .execute();
    expect(parts.map((p) => p.state)).toEqual(['stopped', 'stopped']);
  });

  it('runs a project process command with the project variables on bound servers only', async () => {
    const projectId = await addProject(
      t,
      admin,
      projectForm({ name: 'shop', path: '/srv/shop', serverIds: [idA] }),
    );
    const proc = await call<{ id: number }>('/project/addProcess', {
      projectId,
      name: 'api',
      status: 'echo "${PROJECT_NAME} at ${PROJECT_PATH} on ${SERVER_NAME}"',
      start: '',
      stop: 'true',
      restart: '',
    });
    expect(proc.code, proc.message).toBe(0);
    const status = await call<GoployResult>('/deploy/manageProcess', {
      projectProcessId: proc.data.id,
      command: 'status',
      serverId: idA,
    });
    expect(status.code, status.message).toBe(0);
    expect(status.data).toMatchObject({
      serverId: idA,
      execRes: true,
      stdout: 'shop at /srv/shop on alpha\n',
    });
    expect(status.data.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(status.data.endTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const unbound = await call('/deploy/manageProcess', {
      projectProcessId: proc.data.id,
      command: 'status',
      serverId: idB,
    });
    expect(unbound.code).toBe(1);
    const unset = await call('/deploy/manageProcess', {
      projectProcessId: proc.data.id,
      command: 'start',
      serverId: idA,
    });
    expect(unset).toMatchObject({ code: 2, reason: 'process_command_missing' });
    const member = await memberOf(t, admin, {
      account: 'nomanage',
      namespaceId: 1,
      permissionIds: [Perm.ShowDeployPage, Perm.GetAllDeployList, Perm.ShowServerScriptPage],
    });
    const denied = await call(
      '/deploy/manageProcess',
      { projectProcessId: proc.data.id, command: 'status', serverId: idA },
      member.token,
    );
    expect(denied.code).toBe(1);
    expect(await runs()).toEqual([
      { kind: 'projectProcess', title: 'shop api: status', state: 'ok' },
    ]);
  });
});
