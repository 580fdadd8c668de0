import { Perm } from '@ferry/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { addProject, projectForm, secondNamespace } from '../../../test/project-fixtures.js';
import { warmTestDb } from '../../../test/server-fixtures.js';

beforeAll(() => warmTestDb(), 60_000);

let t: TestApp;
let admin: Actor;
useAdminApp((app, a) => {
  t = app;
  admin = a;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (actor: Actor, method: Method, path: string, input: object, ns = 1) =>
  t.call<{ id: number }>(method, path, {
    token: actor.token,
    ns,
    ...(method === 'GET' ? { query: input as Record<string, number> } : { body: input }),
  });

async function made(path: string, body: object, ns = 1): Promise<number> {
  const r = await call(admin, 'POST', path, body, ns);
  expect(r.code, r.message).toBe(0);
  return r.data.id;
}

const member = (account: string, permissionIds: number[]) =>
  memberOf(t, admin, { account, namespaceId: 1, permissionIds });

/** Every row of the three tables, to show a refused call changed nothing. */
const snapshot = async () => ({
  template: await t.db.selectFrom('template').selectAll().orderBy('id').execute(),
  server_process: await t.db.selectFrom('server_process').selectAll().orderBy('id').execute(),
  project_process: await t.db.selectFrom('project_process').selectAll().orderBy('id').execute(),
});

/** The twelve routes, each with a valid input for objects `ids` names. */
function routes(ids: { template: number; group: number; process: number; project: number }) {
  const tpl = { type: 1, name: 'added', content: 'true' };
  const group = { name: 'added', items: [{ name: 'a', command: 'true' }] };
  return [
    {
      perm: Perm.ShowServerScriptPage,
      method: 'GET',
      path: '/template/getOption',
      input: { type: 1 },
    },
    { perm: Perm.ShowServerScriptPage, method: 'POST', path: '/template/add', input: tpl },
    {
      perm: Perm.ShowServerScriptPage,
      method: 'PUT',
      path: '/template/edit',
      input: { id: ids.template, ...tpl, name: 'edited' },
    },
    {
      perm: Perm.ShowServerScriptPage,
      method: 'DELETE',
      path: '/template/remove',
      input: { id: ids.template },
    },
    { perm: Perm.ShowServerProcessPage, method: 'GET', path: '/server/getProcessList', input: {} },
    { perm: Perm.AddServerProcess, method: 'POST', path: '/server/addProcess', input: group },
    {
      perm: Perm.EditServerProcess,
      method: 'PUT',
      path: '/server/editProcess',
      input: { id: ids.group, ...group, name: 'edited' },
    },
    {
      perm: Perm.DeleteServerProcess,
      method: 'DELETE',
      path: '/server/deleteProcess',
      input: { id: ids.group },
    },
    {
      perm: Perm.ProcessManager,
      method: 'GET',
      path: '/project/getProcessList',
      input: { projectId: ids.project },
    },
    {
      perm: Perm.ProcessManager,
      method: 'POST',
      path: '/project/addProcess',
      input: { projectId: ids.project, name: 'added', start: 's' },
    },
    {
      perm: Perm.ProcessManager,
      method: 'PUT',
      path: '/project/editProcess',
      input: { id: ids.process, name: 'edited', start: 's' },
    },
    {
      perm: Perm.ProcessManager,
      method: 'DELETE',
      path: '/project/deleteProcess',
      input: { id: ids.process },
    },
  ] as const;
}

/** One object of each kind in namespace `ns`. */
async function objects(ns: number) {
  const project = await addProject(t, admin, projectForm({ name: `p${ns}` }), ns);
  return {
    project,
    template: await made('/template/add', { type: 1, name: 'disk', content: 'df' }, ns),
    group: await made('/server/addProcess', { name: 'app', items: '[]' }, ns),
    process: await made('/project/addProcess', { projectId: project, name: 'api', start: 'a' }, ns),
  };
}

describe('run definition security', () => {
  it('opens each route to its permission alone, and refuses the rest without a change', async () => {
    const ids = await objects(1);
    const all = routes(ids);
    // Everything a member could need besides the route's own permission (see all projects).
    const others = [...new Set(all.map((r) => r.perm))];
    for (const [i, r] of all.entries()) {
      const without = await member(`without${i}`, [
        Perm.GetAllProjectList,
        ...others.filter((p) => p !== r.perm),
      ]);
      const before = await snapshot();
      const denied = await call(without, r.method, r.path, r.input);
      expect(denied, `${r.method} ${r.path}`).toMatchObject({ code: 1 });
      expect(await snapshot()).toEqual(before);
    }
    for (const [i, r] of all.entries()) {
      const holder = await member(`holder${i}`, [Perm.GetAllProjectList, r.perm]);
      const allowed = await call(holder, r.method, r.path, r.input);
      expect(allowed.code, `${r.method} ${r.path}: ${allowed.message}`).toBe(0);
    }
  });

  it("never reads, changes or removes another namespace's definitions", async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await objects(ns2);
    const mine = await objects(1);
    const before = await snapshot();
    for (const r of routes(foreign).filter((x) => x.method !== 'POST' && x.method !== 'GET')) {
      const res = await call(admin, r.method, r.path, r.input);
      expect(res, `${r.method} ${r.path}`).toMatchObject({ code: 1, reason: 'not_found' });
    }
    const addToForeign = await call(admin, 'POST', '/project/addProcess', {
      projectId: foreign.project,
      name: 'x',
      start: 's',
    });
    expect(addToForeign).toMatchObject({ code: 1 });
    const listForeign = await call(admin, 'GET', '/project/getProcessList', {
      projectId: foreign.project,
    });
    expect(listForeign).toMatchObject({ code: 1 });
    expect(await snapshot()).toEqual(before);

    const ids = async (path: string, query: object) =>
      (
        (await call(admin, 'GET', path, query)).data as unknown as { list: { id: number }[] }
      ).list.map((x) => x.id);
    expect(await ids('/template/getOption', { type: 1 })).toEqual([mine.template]);
    expect(await ids('/server/getProcessList', {})).toEqual([mine.group]);
  });

  it('keeps the processes of a project to those the project page lets see it', async () => {
    const projectId = await addProject(t, admin, projectForm());
    const processId = await made('/project/addProcess', { projectId, name: 'api', start: 'a' });
    const unbound = await member('unbound', [Perm.ProcessManager]);
    const before = await snapshot();
    for (const [method, path, input] of [
      ['GET', '/project/getProcessList', { projectId }],
      ['POST', '/project/addProcess', { projectId, name: 'x', start: 's' }],
      ['PUT', '/project/editProcess', { id: processId, name: 'x', start: 's' }],
      ['DELETE', '/project/deleteProcess', { id: processId }],
    ] as const) {
      expect(await call(unbound, method, path, input), path).toMatchObject({ code: 1 });
    }
    expect(await snapshot()).toEqual(before);

    const bound = await member('bound', [Perm.ProcessManager]);
    const bind = await t.call('PUT', '/project/edit', {
      token: admin.token,
      ns: 1,
      body: { ...projectForm(), id: projectId, userIds: [bound.id] },
    });
    expect(bind.code, bind.message).toBe(0);
    expect((await call(bound, 'GET', '/project/getProcessList', { projectId })).code).toBe(0);
  });
});
