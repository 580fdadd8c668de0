import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import {
  addProject,
  insertServer,
  projectForm,
  secondNamespace,
} from '../../../test/project-fixtures.js';
import { warmTestDb } from '../../../test/server-fixtures.js';

beforeAll(() => warmTestDb(), 60_000);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every by-id project route, with a body that would succeed on the caller's own project. */
const BY_ID: Array<[Method, string, (id: number) => Record<string, unknown>]> = [
  ['GET', '/project/getBindServerList', (id) => ({ id })],
  ['GET', '/project/getBindUserList', (id) => ({ id })],
  ['PUT', '/project/edit', (id) => ({ id, ...projectForm({ name: 'taken' }) })],
  ['PUT', '/project/setAutoDeploy', (id) => ({ id, autoDeploy: 1 })],
  ['DELETE', '/project/remove', (id) => ({ id })],
  ['POST', '/project/acceptRepoHostKey', (id) => ({ id })],
  ['GET', '/project/pingRepos', (id) => ({ id, url: 'https://git.example.com/a.git' })],
  ['GET', '/project/getRemoteBranchList', (id) => ({ id, url: 'https://git.example.com/a.git' })],
  ['GET', '/repository/getBranchList', (id) => ({ id })],
  ['GET', '/repository/getCommitList', (id) => ({ id, branch: 'main' })],
  ['GET', '/repository/getTagList', (id) => ({ id })],
];

const PROJECT_PERMISSIONS = [44, 45, 46, 47, 48, 49, 50, 57, 58];

describe('project security', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  const as = (actor: Actor, method: Method, url: string, input: Record<string, unknown>) =>
    method === 'GET'
      ? t.call(method, url, {
          token: actor.token,
          ns: 1,
          query: input as Record<string, string | number>,
        })
      : t.call(method, url, { token: actor.token, ns: 1, body: input });

  it("never lets namespace 1 read, change or use namespace 2's project by id", async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await addProject(t, admin, projectForm({ name: 'foreign' }), ns2);
    const member = await memberOf(t, admin, {
      account: 'nosy',
      namespaceId: 1,
      permissionIds: PROJECT_PERMISSIONS,
    });
    for (const [method, url, body] of BY_ID) {
      const r = await as(member, method, url, body(foreign));
      expect([url, r.code, r.message]).toEqual([
        url,
        1,
        'Project not found or not in this namespace',
      ]);
    }
    const row = await t.db
      .selectFrom('project')
      .selectAll()
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'foreign', state: 1, auto_deploy: 0 });
  });

  it('lets a member with only GetBindProjectList reach bound projects alone', async () => {
    const member = await memberOf(t, admin, {
      account: 'bound',
      namespaceId: 1,
      permissionIds: [44, 46, 48, 49, 50, 57],
    });
    const other = await addProject(t, admin, projectForm({ name: 'other' }));
    const mine = await addProject(t, admin, projectForm({ name: 'mine', userIds: [member.id] }));
    for (const [method, url, body] of BY_ID) {
      const r = await as(member, method, url, body(other));
      expect([url, r.code]).toEqual([url, 1]);
    }
    const r = await as(member, 'GET', '/project/getBindServerList', { id: mine });
    expect(r.code).toBe(0);
  });

  it("never unbinds or lists another namespace's bindings of a shared server", async () => {
    const ns2 = await secondNamespace(t, admin);
    const shared = await insertServer(t, 0, 'shared');
    await addProject(t, admin, projectForm({ name: 'theirs', serverIds: [shared] }), ns2);
    const mine = await addProject(t, admin, projectForm({ name: 'mine', serverIds: [shared] }));
    const listed = await t.call<{ list: Array<{ id: number; projectId: number }> }>(
      'GET',
      `/server/getBindProjectList?id=${shared}`,
      { token: admin.token, ns: 1 },
    );
    expect(listed.data.list.map((b) => b.projectId)).toEqual([mine]);
    const theirs = await t.db
      .selectFrom('project_server')
      .innerJoin('project', 'project.id', 'project_server.project_id')
      .select('project_server.id')
      .where('project.name', '=', 'theirs')
      .executeTakeFirstOrThrow();
    const r = await t.call('DELETE', '/server/unbindProject', {
      token: admin.token,
      ns: 1,
      body: { ids: [listed.data.list[0]!.id, theirs.id] },
    });
    expect(r.code).toBe(1);
    expect(await t.db.selectFrom('project_server').select('id').execute()).toHaveLength(2);
  });

  it('refuses option-like and shell-like branch names before git runs', async () => {
    const id = await addProject(t, admin, projectForm());
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-pwn-')), 'pwned');
    for (const branch of [`--upload-pack=touch ${marker}`, `$(touch ${marker})`, '`id`', 'a;id']) {
      const r = await as(admin, 'GET', '/repository/getCommitList', { id, branch });
      expect([branch, r.code]).toEqual([branch, 10003]);
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('keeps repository secrets out of every answer, the database in clear and the operation log', async () => {
    const token = 'ghp_SuperSecretToken123';
    const id = await addProject(
      t,
      admin,
      projectForm({ repoAuthType: 'token', repoUsername: 'ci', repoToken: token }),
    );
    const listed = await t.call('GET', '/project/getList', { token: admin.token, ns: 1 });
    expect(JSON.stringify(listed.data)).not.toContain(token);
    expect(listed.data).toMatchObject({ list: [{ id, hasRepoToken: true, repoUsername: 'ci' }] });
    const row = await t.db
      .selectFrom('project')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.repo_token).not.toContain(token);
    const logs = await t.db.selectFrom('operation_log').selectAll().execute();
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(token);
  });

  it('keeps a stored token for the same host only', async () => {
    const id = await addProject(
      t,
      admin,
      projectForm({ repoAuthType: 'token', repoUsername: 'ci', repoToken: 'tok-1' }),
    );
    const same = await as(admin, 'PUT', '/project/edit', {
      id,
      ...projectForm({
        url: 'https://git.example.com/team/other.git',
        repoAuthType: 'token',
        repoUsername: 'ci',
      }),
    });
    expect(same.code).toBe(0);
    const moved = await as(admin, 'PUT', '/project/edit', {
      id,
      ...projectForm({
        url: 'https://evil.example.net/x.git',
        repoAuthType: 'token',
        repoUsername: 'ci',
      }),
    });
    expect(moved).toMatchObject({
      code: 10003,
      message: 'repoToken is required again: the repository address points at another host',
    });
  });
});
