import { Perm } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer } from '../../../test/xterm-client.js';

const sshd = useOneSshd();

describe('the server process stop guard', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  const post = <T>(who: Actor, path: string, body: Record<string, unknown>, ns = 1) =>
    t.call<T>('POST', path, { token: who.token, ns, body });
  const stopAsked = async (runId: number) =>
    (
      await t.db
        .selectFrom('remote_run_server')
        .select('stop_requested')
        .where('run_id', '=', runId)
        .executeTakeFirstOrThrow()
    ).stop_requested;

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
