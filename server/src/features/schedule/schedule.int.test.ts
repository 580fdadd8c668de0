import { Perm } from '@ferry/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import {
  addProject,
  insertServer,
  projectForm,
  secondNamespace,
} from '../../../test/project-fixtures.js';
import { closedPort } from '../../../test/server-fixtures.js';
import { formatTime } from '../../core/clock.js';
import { projectGroup } from '../deploy/deploy-state.js';

interface Task {
  id: number;
  branch: string;
  state: number;
  isRun: number;
  date: string;
  cron: string;
  nextRun: string;
  lastRun: string;
  late: number;
  lastToken: string;
  lastResult: string;
  lastError: string;
  creator: string;
}

const MINUTE = 60_000;
let t: TestApp;
let admin: Actor;
let others: TestApp[];

beforeEach(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  others = [];
  return async () => {
    for (const o of others) await o.close();
    await t.close();
  };
});

/** Another console on the same database and clock. */
async function secondConsole(): Promise<TestApp> {
  const o = await buildTestApp({}, {}, t);
  others.push(o);
  return o;
}

/** A project bound to a server that refuses connections: its deploys are queued, then fail. */
async function project(name = 'shop', ns = 1, actor = admin): Promise<number> {
  const serverId = await insertServer(t, ns, `${name}-server`);
  await t.db
    .updateTable('server')
    .set({ ip: '127.0.0.1', port: await closedPort() })
    .where('id', '=', serverId)
    .execute();
  return addProject(
    t,
    actor,
    projectForm({ name, repoType: 'empty', url: '', branch: '', serverIds: [serverId] }),
    ns,
  );
}

async function addTask(body: Record<string, unknown>, actor = admin, ns = 1) {
  return t.call<{ id: number }>('POST', '/project/addTask', { token: actor.token, ns, body });
}

async function addedTask(body: Record<string, unknown>): Promise<number> {
  const r = await addTask({ branch: 'main', ...body });
  expect(r.code, r.message).toBe(0);
  return r.data.id;
}

async function tasks(projectId: number): Promise<Task[]> {
  const r = await t.call<{ list: Task[] }>('GET', '/project/getTaskList', {
    token: admin.token,
    ns: 1,
    query: { id: projectId },
  });
  expect(r.code, r.message).toBe(0);
  return r.data.list;
}

const taskOf = async (projectId: number, id: number) =>
  (await tasks(projectId)).find((x) => x.id === id)!;

/** The deploys queued for a project: their tokens and publishers, oldest first. */
async function deploys(projectId: number) {
  return t.db
    .selectFrom('publish_trace')
    .select(['token', 'publisher_name'])
    .where('project_id', '=', projectId)
    .where('type', '=', 0)
    .orderBy('id')
    .execute();
}

const inMinutes = (n: number) => formatTime(t.clock.now() + n * MINUTE);

describe('scheduled deploys', () => {
  it('runs a one-off task missed while the console was down once at start, marked late', async () => {
    const projectId = await project();
    const id = await addedTask({ projectId, date: inMinutes(2) });
    expect(await taskOf(projectId, id)).toMatchObject({ isRun: 0, nextRun: inMinutes(2) });
    await t.fastify.close();
    t.clock.advance(60 * MINUTE);

    const restarted = await secondConsole();
    await restarted.runDueTasks();
    await restarted.runDueTasks();

    const queued = await deploys(projectId);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.publisher_name).toBe('admin');
    const task = await restarted.call<{ list: Task[] }>('GET', '/project/getTaskList', {
      token: admin.token,
      ns: 1,
      query: { id: projectId },
    });
    expect(task.data.list[0]).toMatchObject({
      isRun: 1,
      late: 1,
      nextRun: '',
      lastRun: formatTime(t.clock.now()),
      lastResult: 'queued',
      lastToken: queued[0]!.token,
    });
  });

  it('queues a due task once when two consoles share the database', async () => {
    const projectId = await project();
    await addedTask({ projectId, date: inMinutes(1) });
    const second = await secondConsole();
    t.clock.advance(MINUTE);
    await Promise.all([
      t.runDueTasks(),
      second.runDueTasks(),
      t.runDueTasks(),
      second.runDueTasks(),
    ]);
    expect(await deploys(projectId)).toHaveLength(1);
    expect((await tasks(projectId))[0]).toMatchObject({ late: 0, lastResult: 'queued' });
  });

  it('runs a repeating task once per due time and computes the next', async () => {
    const projectId = await project();
    const id = await addedTask({ projectId, cron: '*/5 * * * *' });
    const first = (await taskOf(projectId, id)).nextRun;
    const firstMs = new Date(first.replace(' ', 'T')).getTime();
    expect(firstMs % (5 * MINUTE)).toBe(0);
    expect(firstMs).toBeGreaterThan(t.clock.now());

    t.clock.advance(firstMs - t.clock.now());
    await t.runDueTasks();
    await t.runDueTasks();
    expect(await deploys(projectId)).toHaveLength(1);
    expect(await taskOf(projectId, id)).toMatchObject({
      isRun: 0,
      late: 0,
      lastRun: first,
      nextRun: formatTime(firstMs + 5 * MINUTE),
    });

    t.clock.advance(5 * MINUTE);
    await t.runDueTasks();
    expect(await deploys(projectId)).toHaveLength(2);

    // An hour down misses twelve times: the task runs once, late, and goes on from now.
    t.clock.advance(60 * MINUTE);
    await t.runDueTasks();
    await t.runDueTasks();
    expect(await deploys(projectId)).toHaveLength(3);
    expect(await taskOf(projectId, id)).toMatchObject({
      late: 1,
      nextRun: formatTime(firstMs + 70 * MINUTE),
    });
  });

  it("keeps a branch as goploy's client sends it, and deploys that branch's head when it runs", async () => {
    const serverId = await insertServer(t, 1, 'git-server');
    const projectId = await addProject(
      t,
      admin,
      projectForm({ name: 'git-shop', serverIds: [serverId] }),
    );
    const id = await addedTask({ projectId, branch: 'origin/main', date: inMinutes(1) });
    expect((await taskOf(projectId, id)).branch).toBe('origin/main');
    t.clock.advance(2 * MINUTE);
    await t.runDueTasks();
    const jobs = await t.db
      .selectFrom('job')
      .select('payload')
      .where('group_key', '=', projectGroup(projectId))
      .execute();
    expect(jobs).toHaveLength(1);
    // The head of the branch when it runs: no commit, the remote branch as the ref.
    expect(JSON.parse(jobs[0]!.payload)).toMatchObject({
      ref: 'origin/main',
      branch: 'origin/main',
    });
    expect((await taskOf(projectId, id)).branch).toBe('origin/main');
  });

  it('never runs a removed task, and keeps it in the list as removed', async () => {
    const projectId = await project();
    const id = await addedTask({ projectId, date: inMinutes(1) });
    const r = await t.call('DELETE', '/project/removeTask', {
      token: admin.token,
      ns: 1,
      body: { id },
    });
    expect(r.code, r.message).toBe(0);
    t.clock.advance(10 * MINUTE);
    await t.runDueTasks();
    expect(await deploys(projectId)).toHaveLength(0);
    expect(await taskOf(projectId, id)).toMatchObject({ state: 0, isRun: 0, nextRun: '' });
  });

  it("does not deploy a removed project's task and records why", async () => {
    const projectId = await project();
    const id = await addedTask({ projectId, date: inMinutes(1) });
    const removed = await t.call('DELETE', '/project/remove', {
      token: admin.token,
      ns: 1,
      body: { id: projectId },
    });
    expect(removed.code, removed.message).toBe(0);
    t.clock.advance(2 * MINUTE);
    await t.runDueTasks();
    expect(await deploys(projectId)).toHaveLength(0);
    const row = await t.db
      .selectFrom('project_task')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      is_run: 1,
      last_result: 'skipped',
      last_error: 'project_removed',
    });
  });

  it('records a run whose deploy cannot start as skipped, with the reason', async () => {
    const projectId = await project();
    await t.db.deleteFrom('project_server').where('project_id', '=', projectId).execute();
    await addedTask({ projectId, date: inMinutes(1) });
    t.clock.advance(MINUTE);
    await t.runDueTasks();
    expect(await deploys(projectId)).toHaveLength(0);
    expect((await tasks(projectId))[0]).toMatchObject({
      lastResult: 'skipped',
      lastError: expect.stringContaining('no server') as string,
    });
  });

  it('finishes a run cut off before its deploy was queued, once', async () => {
    const projectId = await project();
    const id = await addedTask({ projectId, date: inMinutes(1) });
    // A console took the time, then died before queueing; its lease has run out.
    const token = '0b6c3c4e-9d55-4a43-9b0a-5a8f2f7d6e10';
    await t.db
      .updateTable('project_task')
      .set({
        is_run: 1,
        next_run: 0,
        last_token: token,
        last_result: 'pending',
        lease_owner: 'gone',
        lease_until: t.clock.now() - 1,
      })
      .where('id', '=', id)
      .execute();
    await t.runDueTasks();
    await t.runDueTasks();
    expect((await deploys(projectId)).map((d) => d.token)).toEqual([token]);
    expect(await taskOf(projectId, id)).toMatchObject({ lastResult: 'queued', lastToken: token });

    // Cut off again after the deploy was queued: nothing more is queued.
    await sql`update project_task set last_result = 'pending' where id = ${id}`.execute(t.db);
    await t.runDueTasks();
    expect(await deploys(projectId)).toHaveLength(1);
    expect((await taskOf(projectId, id)).lastResult).toBe('queued');
  });
});

describe('the member a task deploys as', () => {
  it('must still hold DeployTask and be enabled when it runs', async () => {
    const projectId = await project();
    const ops = await memberOf(t, admin, {
      account: 'ops',
      namespaceId: 1,
      permissionIds: [57, 58, 61, Perm.DeployTask],
    });
    const roleId = (
      await t.db
        .selectFrom('namespace_user')
        .select('role_id')
        .where('user_id', '=', ops.id)
        .where('namespace_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).role_id;
    const asOps = async (date: string) => {
      const r = await addTask({ projectId, branch: 'main', date }, ops);
      expect(r.code, r.message).toBe(0);
      return r.data.id;
    };
    const skipped = { lastResult: 'skipped', lastError: 'creator_not_allowed' };

    const first = await asOps(inMinutes(1));
    const changed = await t.call('PUT', '/role/changePermission', {
      token: admin.token,
      ns: 1,
      body: { roleId, permissionIds: [57, 58, 61] },
    });
    expect(changed.code, changed.message).toBe(0);
    t.clock.advance(MINUTE);
    await t.runDueTasks();
    expect(await taskOf(projectId, first)).toMatchObject(skipped);

    await t.call('PUT', '/role/changePermission', {
      token: admin.token,
      ns: 1,
      body: { roleId, permissionIds: [57, 58, 61, Perm.DeployTask] },
    });
    const second = await asOps(inMinutes(1));
    const disabled = await t.call('DELETE', '/user/remove', {
      token: admin.token,
      ns: 1,
      body: { id: ops.id },
    });
    expect(disabled.code, disabled.message).toBe(0);
    t.clock.advance(MINUTE);
    await t.runDueTasks();
    expect(await taskOf(projectId, second)).toMatchObject(skipped);
    expect(await deploys(projectId)).toHaveLength(0);
  });
});

describe('scheduled deploy routes', () => {
  it('refuse a member without DeployTask', async () => {
    const projectId = await project();
    const id = await addedTask({ projectId, date: inMinutes(5) });
    const dev = await memberOf(t, admin, {
      account: 'dev',
      namespaceId: 1,
      permissionIds: [57, 58, 61],
    });
    const calls = [
      t.call('GET', '/project/getTaskList', { token: dev.token, ns: 1, query: { id: projectId } }),
      addTask({ projectId, branch: 'main', date: inMinutes(5) }, dev),
      t.call('DELETE', '/project/removeTask', { token: dev.token, ns: 1, body: { id } }),
    ];
    for (const r of await Promise.all(calls)) expect(r.code).toBe(1);
    expect((await taskOf(projectId, id)).state).toBe(1);
  });

  it("refuse another namespace's project and task", async () => {
    const projectId = await project();
    const id = await addedTask({ projectId, date: inMinutes(5) });
    const ns2 = await secondNamespace(t, admin);
    const calls = [
      t.call('GET', '/project/getTaskList', {
        token: admin.token,
        ns: ns2,
        query: { id: projectId },
      }),
      addTask({ projectId, branch: 'main', date: inMinutes(5) }, admin, ns2),
      t.call('DELETE', '/project/removeTask', { token: admin.token, ns: ns2, body: { id } }),
      addTask({ projectId: 999, branch: 'main', date: inMinutes(5) }),
    ];
    for (const r of await Promise.all(calls)) expect(r.code).toBe(1);
    expect(await tasks(projectId)).toHaveLength(1);
    expect((await taskOf(projectId, id)).state).toBe(1);
  });

  it('refuse bad input with code 10003 naming the field', async () => {
    const projectId = await project();
    const cases: [Record<string, unknown>, string][] = [
      [{ date: inMinutes(-1) }, 'date'],
      [{ date: '' }, 'date'],
      [{ date: '2026-02-30 10:00:00' }, 'date'],
      [{ date: 'tomorrow' }, 'date'],
      [{ cron: '61 * * * *' }, 'cron'],
      [{ cron: '0 0 * * * *' }, 'cron'],
      [{ date: inMinutes(5), commit: 'xyz123456' }, 'commit'],
      [{ date: inMinutes(5), branch: '-rf' }, 'branch'],
      [{ date: inMinutes(5), projectId: 'a' }, 'projectId'],
    ];
    for (const [extra, field] of cases) {
      const r = await addTask({ projectId, branch: 'main', ...extra });
      expect(r.code, JSON.stringify(extra)).toBe(10003);
      expect(r.message).toContain(field);
    }
    expect(await tasks(projectId)).toHaveLength(0);
  });

  it('answer the task in goploy fields plus the schedule', async () => {
    const projectId = await project();
    const commit = 'a'.repeat(40);
    await addedTask({ projectId, commit, date: inMinutes(5) });
    expect((await tasks(projectId))[0]).toMatchObject({
      projectId,
      branch: 'main',
      commit,
      date: inMinutes(5),
      state: 1,
      isRun: 0,
      creatorId: 1,
      creator: 'admin',
      cron: '',
      nextRun: inMinutes(5),
      lastResult: '',
    });
  });
});
