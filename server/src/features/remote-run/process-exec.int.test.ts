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

  it('stops a streamed project process run for those who may read the project, none else', async () => {
    const bound = await memberOf(t, admin, {
      account: 'bound',
      namespaceId: 1,
      permissionIds: [Perm.ShowDeployPage, Perm.ProcessManager],
    });
    const unbound = await memberOf(t, admin, {
      account: 'unbound',
      namespaceId: 1,
      permissionIds: [Perm.ShowDeployPage, Perm.ProcessManager],
    });
    const projectId = await addProject(
      t,
      admin,
      projectForm({ name: 'shop', serverIds: [idA, idB], userIds: [bound.id] }),
    );
    const proc = await call<{ id: number }>('/project/addProcess', {
      projectId,
      name: 'api',
      status: '',
      start: 'echo started; sleep 30',
      stop: '',
      restart: '',
    });
    expect(proc.code, proc.message).toBe(0);
    const r = await call<{ runId: number }>('/deploy/manageProcess', {
      projectProcessId: proc.data.id,
      command: 'start',
      serverIds: [idA, idB],
      stream: 1,
    });
    expect(r.code, r.message).toBe(0);
    const runId = r.data.runId;
    const sleeping = (s: SshdServer) => processesOfUid(s.uid, 'sleep').length;
    await expect.poll(() => sleeping(a) + sleeping(b), { timeout: 10_000 }).toBe(2);

    // Another namespace's member, a member not bound to the project, a server process stop.
    const otherNs = await secondNamespace(t, admin);
    const outsider = await memberOf(t, admin, {
      account: 'outsider',
      namespaceId: otherNs,
      permissionIds: [Perm.ShowDeployPage, Perm.ProcessManager, Perm.GetAllDeployList],
    });
    const refusals = [
      await call('/deploy/stopProcess', { runId }, outsider.token, otherNs),
      await call('/deploy/stopProcess', { runId }, admin.token, otherNs),
      await call('/deploy/stopProcess', { runId }, unbound.token),
      await call('/server/stopProcess', { runId }),
    ];
    expect(refusals.map((x) => [x.code, x.message])).toEqual(
      Array(4).fill([1, 'Run not found or not in this namespace']),
    );
    const asked = await t.db
      .selectFrom('remote_run_server')
      .select('stop_requested')
      .where('run_id', '=', runId)
      .execute();
    expect(asked.map((x) => x.stop_requested)).toEqual([0, 0]);
    expect(sleeping(a) + sleeping(b)).toBe(2);

    // A member bound to the project stops one server, then every server.
    const one = await call('/deploy/stopProcess', { runId, serverId: idA }, bound.token);
    expect(one.code, one.message).toBe(0);
    await expect.poll(() => sleeping(a), { timeout: 10_000 }).toBe(0);
    expect(sleeping(b)).toBe(1);
    const all = await call('/deploy/stopProcess', { runId }, bound.token);
    expect(all.code, all.message).toBe(0);
    await expect.poll(() => sleeping(b), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await runs())[0]?.state).toBe('stopped');
    const parts = await t.db
      .selectFrom('remote_run_server')
      .select(['state', 'error', 'output'])
      .where('run_id', '=', runId)
      .orderBy('id')
      .execute();
    expect(parts).toEqual([
      { state: 'stopped', error: 'Stopped by a user.', output: 'started\n' },
      { state: 'stopped', error: 'Stopped by a user.', output: 'started\n' },
    ]);
    const record = await t.db
      .selectFrom('remote_run')
      .select(['project_id', 'process_id', 'process_item'])
      .executeTakeFirstOrThrow();
    expect(record).toEqual({
      project_id: projectId,
      process_id: proc.data.id,
      process_item: 'start',
    });
  });

  it('lists and opens server process runs only in the process history, with what ran', async () => {
    const group = await call<{ id: number }>('/server/addProcess', {
      name: 'app',
      items: [{ name: 'hello', command: 'echo "hi from ${SERVER_NAME}"' }],
    });
    const projectId = await addProject(t, admin, projectForm({ serverIds: [idA] }));
    const proc = await call<{ id: number }>('/project/addProcess', {
      projectId,
      name: 'api',
      status: 'echo up',
      start: '',
      stop: '',
      restart: '',
    });
    const ran = [
      await call('/server/execProcess', {
        id: group.data.id,
        name: 'hello',
        serverIds: [idA, idB],
      }),
      await call('/deploy/manageProcess', {
        projectProcessId: proc.data.id,
        command: 'status',
        serverId: idA,
      }),
      await call('/server/execScript', { serverIds: [idA], script: 'echo script' }),
    ];
    expect(ran.map((x) => x.code)).toEqual([0, 0, 0]);
    const ids = (await t.db.selectFrom('remote_run').select('id').orderBy('id').execute()).map(
      (x) => x.id,
    );
    const get = <T>(path: string, query: Record<string, string | number>) =>
      t.call<T>('GET', path, { token: admin.token, ns: 1, query });

    const list = await get<{ list: { id: number; kind: string; title: string }[] }>(
      '/server/getProcessRunList',
      { page: 1, rows: 10 },
    );
    expect(list.code, list.message).toBe(0);
    expect(list.data).toMatchObject({
      list: [{ id: ids[0], kind: 'serverProcess', title: 'app: hello', state: 'ok', okCount: 2 }],
      pagination: { page: 1, rows: 10, total: 1 },
    });
    const detail = await get<Record<string, unknown>>('/server/getProcessRun', { id: ids[0]! });
    expect(detail.code, detail.message).toBe(0);
    expect(detail.data).toMatchObject({
      title: 'app: hello',
      script: 'echo "hi from ${SERVER_NAME}"',
      groupId: group.data.id,
      itemName: 'hello',
      serverList: [
        { serverName: 'alpha', state: 'ok', output: 'hi from alpha\n' },
        { serverName: 'beta', state: 'ok', output: 'hi from beta\n' },
      ],
    });
    for (const other of ids.slice(1)) {
      expect((await get('/server/getProcessRun', { id: other })).code).toBe(1);
    }

    // The script history lists scripts alone, whatever kind is asked for.
    const scripts = await get<{ list: { kind: string }[] }>('/server/getScriptRunList', {});
    expect(scripts.data.list.map((x) => x.kind)).toEqual(['script']);
    const asScript = await get('/server/getScriptRunList', { kind: 'script' });
    expect(asScript.code).toBe(0);
    for (const kind of ['serverProcess', 'projectProcess']) {
      const r = await get('/server/getScriptRunList', { kind });
      expect(r.code).toBe(10003);
      expect(r.message).toMatch(/^kind must be script/);
    }
    expect((await get('/server/getScriptRun', { id: ids[0]! })).code).toBe(1);
  });
});
