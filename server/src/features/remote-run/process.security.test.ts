import { Perm } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addProject, projectForm } from '../../../test/project-fixtures.js';
import { addServer } from '../../../test/xterm-client.js';

const sshd = useOneSshd();

let t: TestApp;
let admin: Actor;
useAdminApp((app, a) => {
  t = app;
  admin = a;
});

const post = <T>(who: Actor, path: string, body: Record<string, unknown>, ns = 1) =>
  t.call<T>('POST', path, { token: who.token, ns, body });
const get = <T>(who: Actor, path: string, query: Record<string, number>, ns = 1) =>
  t.call<T>('GET', path, { token: who.token, ns, query });
const stopAsked = async (runId: number) =>
  (
    await t.db
      .selectFrom('remote_run_server')
      .select('stop_requested')
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow()
  ).stop_requested;

describe('the server process stop guard', { timeout: 60_000 }, () => {
  /** A process run of namespace 1 still going, and a batch script run beside it. */
  const setUp = async () => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'mine' });
    const group = await post<{ id: number }>(admin, '/server/addProcess', {
      name: 'app',
      items: [{ name: 'wait', command: 'sleep 30' }],
    });
    const proc = await post<{ runId: number }>(admin, '/server/execProcess', {
      id: group.data.id,
      name: 'wait',
      serverIds: [serverId],
      stream: 1,
    });
    expect(proc.code, proc.message).toBe(0);
    const script = await post<{ runId: number }>(admin, '/server/execScript', {
      serverIds: [serverId],
      script: 'sleep 30',
      stream: 1,
    });
    expect(script.code, script.message).toBe(0);
    return { processRun: proc.data.runId, scriptRun: script.data.runId };
  };

  it('refuses a member without ShowServerProcessPage, stopping nothing', async () => {
    const { processRun, scriptRun } = await setUp();
    const scripter = await memberOf(t, admin, {
      account: 'scripter',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerScriptPage, Perm.ShowServerPage],
    });
    expect((await post(scripter, '/server/stopProcess', { runId: processRun })).code).toBe(1);
    expect(await stopAsked(processRun)).toBe(0);
    const viewer = await memberOf(t, admin, {
      account: 'viewer',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerProcessPage],
    });
    const r = await post(viewer, '/server/stopProcess', { runId: processRun });
    expect(r.code, r.message).toBe(0);
    expect(await stopAsked(processRun)).toBe(1);
    await post(admin, '/server/stopScript', { runId: scriptRun });
  });

  it("refuses a batch script's run and another namespace's run", async () => {
    const { processRun, scriptRun } = await setUp();
    const script = await post(admin, '/server/stopProcess', { runId: scriptRun });
    expect(script.code).toBe(1);
    expect(await stopAsked(scriptRun)).toBe(0);
    const crossed = await post(admin, '/server/stopScript', { runId: processRun });
    expect(crossed.code).toBe(1);
    expect(await stopAsked(processRun)).toBe(0);

    await post(admin, '/namespace/add', { name: 'other' });
    const elsewhere = await post(admin, '/server/stopProcess', { runId: processRun }, 2);
    expect(elsewhere.code).toBe(1);
    expect(await stopAsked(processRun)).toBe(0);
    await post(admin, '/server/stopProcess', { runId: processRun });
    await post(admin, '/server/stopScript', { runId: scriptRun });
  });
});

describe('the process history and the project process stop guards', { timeout: 60_000 }, () => {
  /** A finished server process run and a project process run still going, in namespace 1. */
  const setUp = async () => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'mine' });
    const group = await post<{ id: number }>(admin, '/server/addProcess', {
      name: 'app',
      items: [{ name: 'hello', command: 'echo hi' }],
    });
    const done = await post(admin, '/server/execProcess', {
      id: group.data.id,
      name: 'hello',
      serverId,
    });
    expect(done.code, done.message).toBe(0);
    const processRun = (await t.db.selectFrom('remote_run').select('id').executeTakeFirstOrThrow())
      .id;
    const projectId = await addProject(t, admin, projectForm({ serverIds: [serverId] }));
    const proc = await post<{ id: number }>(admin, '/project/addProcess', {
      projectId,
      name: 'api',
      status: '',
      start: 'sleep 30',
      stop: '',
      restart: '',
    });
    const going = await post<{ runId: number }>(admin, '/deploy/manageProcess', {
      projectProcessId: proc.data.id,
      command: 'start',
      serverId,
      stream: 1,
    });
    expect(going.code, going.message).toBe(0);
    return { processRun, projectRun: going.data.runId };
  };

  it('refuses the history without ShowServerProcessPage, and the stop without ProcessManager', async () => {
    const { processRun, projectRun } = await setUp();
    const scripter = await memberOf(t, admin, {
      account: 'scripter',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerScriptPage, Perm.ShowDeployPage, Perm.GetAllDeployList],
    });
    const list = await get(scripter, '/server/getProcessRunList', { page: 1, rows: 10 });
    expect(list.code).toBe(1);
    expect((await get(scripter, '/server/getProcessRun', { id: processRun })).code).toBe(1);
    expect((await post(scripter, '/deploy/stopProcess', { runId: projectRun })).code).toBe(1);
    expect(await stopAsked(projectRun)).toBe(0);

    const viewer = await memberOf(t, admin, {
      account: 'viewer',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerProcessPage],
    });
    const seen = await get<{ list: { id: number }[] }>(viewer, '/server/getProcessRunList', {});
    expect(seen.code, seen.message).toBe(0);
    expect(seen.data.list.map((r) => r.id)).toEqual([processRun]);
    expect((await get(viewer, '/server/getProcessRun', { id: processRun })).code).toBe(0);
    // The project process run is not the process page's: neither listed nor opened.
    expect((await get(viewer, '/server/getProcessRun', { id: projectRun })).code).toBe(1);

    const manager = await memberOf(t, admin, {
      account: 'manager',
      namespaceId: 1,
      permissionIds: [Perm.ShowDeployPage, Perm.GetAllDeployList, Perm.ProcessManager],
    });
    const stop = await post(manager, '/deploy/stopProcess', { runId: projectRun });
    expect(stop.code, stop.message).toBe(0);
    expect(await stopAsked(projectRun)).toBe(1);
  });

  it("never shows nor stops another namespace's runs", async () => {
    const { processRun, projectRun } = await setUp();
    await post(admin, '/namespace/add', { name: 'other' });
    const list = await get<{ list: unknown[] }>(admin, '/server/getProcessRunList', {}, 2);
    expect(list.code, list.message).toBe(0);
    expect(list.data.list).toEqual([]);
    expect((await get(admin, '/server/getProcessRun', { id: processRun }, 2)).code).toBe(1);
    expect((await post(admin, '/deploy/stopProcess', { runId: projectRun }, 2)).code).toBe(1);
    expect(await stopAsked(projectRun)).toBe(0);
    // A server process run is not a project process run.
    expect((await post(admin, '/deploy/stopProcess', { runId: processRun })).code).toBe(1);
    await post(admin, '/deploy/stopProcess', { runId: projectRun });
  });
});
