import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import {
  addProject,
  insertServer,
  projectForm,
  secondNamespace,
  type ProjectForm,
} from '../../../test/project-fixtures.js';
import { warmTestDb } from '../../../test/server-fixtures.js';

beforeAll(() => warmTestDb(), 60_000);

type Row = Record<string, unknown> & { id: number };

describe('projects', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  const call = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    as: Actor = admin,
  ) => t.call<T>(method, url, { token: as.token, ns: 1, body });
  const list = async (as: Actor = admin) =>
    (await call<{ list: Row[] }>('GET', '/project/getList', undefined, as)).data.list;

  it('adds a project with every field and lists it with goploy names and its bindings', async () => {
    const server = await insertServer(t, 1, 'web-1');
    const shared = await insertServer(t, 0, 'shared-1');
    const script = {
      afterPull: { mode: 'bash', content: 'npm ci && npm run build' },
      afterDeploy: { mode: 'sh', content: 'systemctl reload shop' },
      deployFinish: { mode: 'node', content: 'console.log(1)' },
      customVariables: [{ name: 'STAGE', value: 'blue,green', type: 'list' }],
    } satisfies ProjectForm['script'];
    const id = await addProject(
      t,
      admin,
      projectForm({
        label: 'web, shop ,,web',
        environment: 3,
        symlinkPath: '/var/www/releases',
        symlinkBackupNumber: 5,
        review: 1,
        reviewURL: 'https://review.example.com/?p=__PROJECT_ID__',
        script,
        transferType: 'rsync',
        transferOption: "-rtv --exclude '.git' --delete-after",
        deployServerMode: 'serial',
        serverIds: [server, shared],
        userIds: [1],
        notifyType: 2,
        notifyTarget: 'https://oapi.dingtalk.com/robot/send?access_token=x',
        buildTimeout: 600,
      }),
    );
    const [row] = await list();
    expect(row).toMatchObject({
      id,
      namespaceId: 1,
      name: 'shop',
      repoType: 'git',
      url: 'https://git.example.com/team/shop.git',
      label: 'web,shop',
      path: '/var/www/shop',
      environment: 3,
      branch: 'main',
      symlinkPath: '/var/www/releases',
      symlinkBackupNumber: 5,
      review: 1,
      script,
      transferOption: "-rtv --exclude '.git' --delete-after",
      deployServerMode: 'serial',
      autoDeploy: 0,
      deployState: 0,
      lastPublishToken: '',
      notifyType: 2,
      // The channel's token is answered masked.
      notifyTarget: 'https://oapi.dingtalk.com/robot/send?access_token=••••',
      state: 1,
      repoAuthType: 'none',
      hasRepoToken: false,
      buildTimeout: 600,
      transferTimeout: 1800,
      afterDeployTimeout: 600,
      maxParallelServers: 10,
      serverIds: [server, shared],
      userIds: [1],
    });
    expect(row?.insertTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const labels = await call<{ list: string[] }>('GET', '/project/getLabelList');
    expect(labels.data.list).toEqual(['shop', 'web']);
  });

  it('lists bound servers without secrets and bound members with their names', async () => {
    const server = await insertServer(t, 1, 'web-1');
    const id = await addProject(t, admin, projectForm({ serverIds: [server], userIds: [1] }));
    const servers = await call<{ list: Row[] }>('GET', `/project/getBindServerList?id=${id}`);
    expect(servers.data.list).toEqual([
      expect.objectContaining({
        projectId: id,
        serverId: server,
        server: expect.objectContaining({ name: 'web-1', password: '', jumpPassword: '' }),
      }),
    ]);
    const users = await call<{ list: Row[] }>('GET', `/project/getBindUserList?id=${id}`);
    expect(users.data.list).toEqual([
      expect.objectContaining({
        projectId: id,
        userId: 1,
        user: expect.objectContaining({ id: 1 }),
      }),
    ]);
  });

  it('edits a project, replacing its bindings as a whole', async () => {
    const a = await insertServer(t, 1, 'a');
    const b = await insertServer(t, 1, 'b');
    const id = await addProject(t, admin, projectForm({ serverIds: [a], userIds: [1] }));
    const r = await call('PUT', '/project/edit', {
      id,
      ...projectForm({ name: 'shop-2', branch: 'release/1.2', serverIds: [b], userIds: [] }),
    });
    expect(r.code).toBe(0);
    expect((await list())[0]).toMatchObject({
      name: 'shop-2',
      branch: 'release/1.2',
      serverIds: [b],
      userIds: [],
    });
  });

  it('adds a second project next to the first, answering each new id', async () => {
    const first = await addProject(t, admin, projectForm());
    const second = await addProject(t, admin, projectForm({ name: 'shop (copy)' }));
    expect(second).toBeGreaterThan(first);
    expect((await list()).map((p) => p.name)).toEqual(['shop (copy)', 'shop']);
  });

  it('switches auto deploy on and off', async () => {
    const id = await addProject(t, admin, projectForm());
    expect((await call('PUT', '/project/setAutoDeploy', { id, autoDeploy: 1 })).code).toBe(0);
    expect((await list())[0]?.autoDeploy).toBe(1);
    const bad = await call('PUT', '/project/setAutoDeploy', { id, autoDeploy: 2 });
    expect(bad).toMatchObject({ code: 10003, message: 'autoDeploy must be 0 or 1' });
  });

  it('removes a project and its working copy, keeping the row for history', async () => {
    const server = await insertServer(t, 1, 'web-1');
    const id = await addProject(t, admin, projectForm({ serverIds: [server] }));
    const copy = path.join(t.dataDir, 'repository', `project_${id}`);
    fs.mkdirSync(path.join(copy, '.git'), { recursive: true });
    expect((await call('DELETE', '/project/remove', { id })).code).toBe(0);
    expect(fs.existsSync(copy)).toBe(false);
    expect(await list()).toEqual([]);
    const row = await t.db
      .selectFrom('project')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toMatchObject({ name: 'shop', state: 0 });
    const bound = await call<{ list: Row[] }>('GET', `/server/getBindProjectList?id=${server}`);
    expect(bound.data.list).toEqual([]);
    expect((await call('PUT', '/project/edit', { id, ...projectForm() })).code).toBe(1);
  });

  it('lists only bound projects to a member without GetAllProjectList', async () => {
    const member = await memberOf(t, admin, {
      account: 'dev',
      namespaceId: 1,
      permissionIds: [44, 46, 48],
    });
    await addProject(t, admin, projectForm({ name: 'not-mine' }));
    const mine = await addProject(
      t,
      admin,
      projectForm({ name: 'mine', label: 'team-a', userIds: [member.id] }),
    );
    expect((await list(member)).map((p) => p.id)).toEqual([mine]);
    const labels = await call<{ list: string[] }>(
      'GET',
      '/project/getLabelList',
      undefined,
      member,
    );
    expect(labels.data.list).toEqual(['team-a']);
  });

  it('shows which projects use a server and unbinds them', async () => {
    const server = await insertServer(t, 1, 'web-1');
    const id = await addProject(t, admin, projectForm({ serverIds: [server] }));
    const bound = await call<{ list: Row[] }>('GET', `/server/getBindProjectList?id=${server}`);
    expect(bound.data.list).toEqual([
      expect.objectContaining({
        projectId: id,
        serverId: server,
        project: { id, name: 'shop', branch: 'main', environment: 1 },
      }),
    ]);
    const bindingId = bound.data.list[0]!.id;
    expect((await call('DELETE', '/server/unbindProject', { ids: [bindingId] })).code).toBe(0);
    expect((await list())[0]?.serverIds).toEqual([]);
  });
});

describe('project validation', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });
  const add = (extra: Record<string, unknown>) =>
    t.call('POST', '/project/add', {
      token: admin.token,
      ns: 1,
      body: { ...projectForm(), ...extra },
    });

  it.each([
    [{ name: '  ' }, 'name must not be empty'],
    [{ url: 'ext::sh -c touch% /tmp/pwned' }, 'url must not contain spaces'],
    [{ url: '-u/tmp/x' }, 'url must be a git address'],
    [{ url: 'https://me:secret@git.example.com/a.git' }, 'url must not contain a password'],
    [{ path: 'var/www' }, 'path must be an absolute path'],
    [{ path: '/' }, 'path must not be the root directory'],
    [
      { symlinkPath: '/var/www/shop/releases' },
      'symlinkPath must not be the deploy path or inside it',
    ],
    [{ symlinkPath: '/var' }, 'symlinkPath must not contain the deploy path'],
    [{ branch: '--upload-pack=touch /tmp/pwned' }, 'branch must be a branch name'],
    [{ branch: '$(id)' }, 'branch must be a branch name'],
    [{ transferOption: "-rtv --exclude 'a" }, 'transferOption must parse as arguments'],
    [{ transferOption: '-avz -e ssh' }, 'transferOption the option "-e" is not allowed'],
    [{ transferOption: '-rt /etc' }, 'transferOption "/etc" is not an option'],
    [
      { transferType: 'sftp', transferOption: '--exclude .git --chmod=777' },
      'transferOption unknown option "--chmod=777"',
    ],
    [{ environment: 5 }, 'environment must be at most 4'],
    [{ notifyType: 1 }, 'notifyTarget must not be empty'],
    [{ notifyType: 7, notifyTarget: 'https://x.example.com' }, 'notifyType must be one of'],
    [
      { script: { afterPull: { mode: 'perl', content: '' } } },
      'script.afterPull.mode must be one of',
    ],
    [
      { script: { customVariables: [{ name: 'lower', value: '' }] } },
      'script.customVariables.0.name must be upper-case',
    ],
    [{ repoType: 'hg' }, 'repoType must be one of git, svn, ftp, sftp, empty'],
    [{ repoAuthType: 'key' }, 'repoAuthType must be one of none, token for a https address'],
    [
      { url: 'http://git.example.com/a.git', repoAuthType: 'token' },
      'repoAuthType token would travel in clear text',
    ],
    [{ repoAuthType: 'token', repoUsername: 'ci' }, 'repoToken is required'],
    [
      { url: 'git@git.example.com:a/b.git', repoAuthType: 'key', repoPrivateKey: 'not a key' },
      'repoPrivateKey must be a private key in OpenSSH or PEM format',
    ],
    [{ maxParallelServers: 0 }, 'maxParallelServers must be at least 1'],
    [{ serverIds: [999] }, 'serverIds has server 999, which this namespace cannot use'],
    [{ userIds: [999] }, 'userIds has user 999, who is not a member of this namespace'],
  ])('refuses %j with code 10003 and writes nothing', async (extra, message) => {
    const r = await add(extra);
    expect(r.code).toBe(10003);
    expect(r.message).toContain(message);
    expect(await t.db.selectFrom('project').select('id').execute()).toEqual([]);
  });

  it('refuses a file:// repository inside the data directory', async () => {
    const r = await add({ url: `file://${path.join(t.dataDir, 'repository', 'project_1')}` });
    expect(r).toMatchObject({
      code: 10003,
      message: "url must not point inside the console's data directory",
    });
  });

  it('refuses servers of another namespace', async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await insertServer(t, ns2, 'foreign');
    const r = await add({ serverIds: [foreign] });
    expect(r.code).toBe(10003);
  });

  it('accepts an empty repository without address or branch', async () => {
    const r = await add({ repoType: 'empty', url: '', branch: '' });
    expect(r.code).toBe(0);
  });
});
