import { Perm } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { capturedLog } from '../../../test/captured-log.js';
import { deployAudience } from '../deploy/deploy-run.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';

const DAY_MS = 86_400_000;
const { lines: logged, logger } = capturedLog();

/** What the member's own role holds in both namespaces. */
const MEMBER_PERMISSIONS = [
  Perm.ShowDeployPage,
  Perm.DeployDetail,
  Perm.DeployProject,
  Perm.GetAllDeployList,
  Perm.ShowProjectPage,
  Perm.GetAllProjectList,
  Perm.DeployResetState,
  Perm.ShowMemberPage,
];
/** What the keys' role grants: reading deploys, no member page. */
const KEY_PERMISSIONS = [
  Perm.ShowDeployPage,
  Perm.DeployDetail,
  Perm.GetAllDeployList,
  Perm.DeployResetState,
];

describe('scoped API keys', () => {
  let t: TestApp;
  let admin: Actor;
  let member: Actor;
  let memberRoleId: number;
  let keyRoleId: number;
  let wideRoleId: number;
  let otherNs: number;
  const projects = { api: 0, web: 0, elsewhere: 0 };

  const asAdmin = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: object,
  ) => t.call<T>(method, path, { token: admin.token, ns: 1, ...(body ? { body } : {}) });

  async function role(name: string, permissionIds: number[]) {
    const r = await asAdmin<{ id: number }>('POST', '/role/add', { name });
    await asAdmin('PUT', '/role/changePermission', { roleId: r.data.id, permissionIds });
    return r.data.id;
  }

  async function project(name: keyof typeof projects, ns: number) {
    const r = await t.call<{ id: number }>('POST', '/project/add', {
      token: admin.token,
      ns,
      body: {
        name,
        repoType: 'git',
        url: 'https://git.example.com/team/app.git',
        path: `/srv/${name}`,
        environment: 1,
        branch: 'main',
      },
    });
    if (r.code !== 0) throw new Error(`project ${name}: ${r.message}`);
    projects[name] = r.data.id;
  }

  /** A key the member makes from their session. */
  async function makeKey(body: Record<string, unknown>) {
    return t.call<{ id: number; key: string }>('POST', '/user/addApiKey', {
      token: member.token,
      body: { expireDays: 30, roleId: keyRoleId, namespaceIds: [1], ...body },
    });
  }

  const withKey = <T = unknown>(
    key: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts: { ns?: number; query?: Record<string, string | number>; body?: object } = {},
  ) =>
    t.call<T>(method, path, {
      apiKey: key,
      ns: opts.ns ?? 1,
      ...(opts.query ? { query: opts.query } : {}),
      ...(opts.body ? { body: opts.body } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp({}, { logger });
    admin = await adminOf(t);
    memberRoleId = await role('member-role', MEMBER_PERMISSIONS);
    keyRoleId = await role('key-role', KEY_PERMISSIONS);
    wideRoleId = await role('wide-role', [...KEY_PERMISSIONS, Perm.AddMember]);
    member = await memberOf(t, admin, {
      account: 'keymaker',
      namespaceId: 1,
      roleId: memberRoleId,
    });
    otherNs = (await asAdmin<{ id: number }>('POST', '/namespace/add', { name: 'other' })).data.id;
    await asAdmin('POST', '/namespace/addUser', {
      namespaceId: otherNs,
      userIds: [member.id],
      roleId: memberRoleId,
    });
    await project('api', 1);
    await project('web', 1);
    await project('elsewhere', otherNs);
  });
  afterAll(() => t.close());

  it('acts in its namespace, on its project, with its role, and says whose it is in the operation log', async () => {
    const made = await makeKey({ name: 'ci api', projectIds: [projects.api] });
    expect(made.code).toBe(0);
    expect(made.data.key).toMatch(/^fry_[A-Za-z0-9]{40}$/);
    const key = made.data.key;

    const preview = await withKey(key, 'GET', '/deploy/getPreview', {
      query: { projectId: projects.api },
    });
    expect(preview.code).toBe(0);
    const list = await withKey<{ list: { id: number }[] }>(key, 'GET', '/deploy/getList');
    expect(list.data.list.map((p) => p.id)).toEqual([projects.api]);
    const who = await withKey<{ userInfo: { account: string } }>(key, 'GET', '/user/info');
    expect(who.data.userInfo.account).toBe('keymaker');

    // A write through the key is logged under the key's name.
    await withKey(key, 'PUT', '/deploy/resetState', { body: { projectId: projects.api } });
    const op = await t.db
      .selectFrom('operation_log')
      .select(['router', 'api'])
      .where('user_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(op).toEqual({ router: 'API key: ci api', api: '/deploy/resetState' });

    // What it read is recorded too: each route once a minute, with the answer's code, not its data.
    const reads = () =>
      t.db
        .selectFrom('operation_log')
        .select(['router', 'request_data', 'response_data'])
        .where('user_id', '=', member.id)
        .where('api', '=', '/deploy/getPreview')
        .execute();
    expect(await reads()).toEqual([
      {
        router: 'API key: ci api',
        request_data: JSON.stringify({ _query: { projectId: String(projects.api) } }),
        response_data: '{"code":0,"message":""}',
      },
    ]);
    const again = () =>
      withKey(key, 'GET', '/deploy/getPreview', { query: { projectId: projects.api } });
    await again();
    expect(await reads()).toHaveLength(1);
    t.clock.advance(61_000);
    await again();
    expect(await reads()).toHaveLength(2);
    // A person's reads are not recorded, as in goploy.
    await t.call('GET', '/deploy/getPreview', {
      token: member.token,
      ns: 1,
      query: { projectId: projects.api },
    });
    expect(await reads()).toHaveLength(2);
  });

  it('is refused outside its namespaces, its projects and its role', async () => {
    const { key } = (await makeKey({ name: 'narrow', projectIds: [projects.api] })).data;
    const otherNamespace = await withKey(key, 'GET', '/deploy/getList', { ns: otherNs });
    expect(otherNamespace).toMatchObject({ code: 1, reason: 'api_key_scope' });
    const otherProject = await withKey(key, 'GET', '/deploy/getPreview', {
      query: { projectId: projects.web },
    });
    expect(otherProject.code).toBe(1);
    // The member may see the members page; the key's role may not.
    expect((await t.call('GET', '/user/getList', { token: member.token, ns: 1 })).code).toBe(0);
    expect((await withKey(key, 'GET', '/user/getList')).code).toBe(1);
    expect((await withKey(key, 'GET', '/project/getList')).code).toBe(1);
  });

  it("may not reach its owner's account: password, keys, goploy's key, sign-out", async () => {
    const { key } = (await makeKey({ name: 'no account' })).data;
    const refused: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/user/getApiKey'],
      ['PUT', '/user/generateApiKey', {}],
      ['GET', '/user/getApiKeyList'],
      [
        'POST',
        '/user/addApiKey',
        { name: 'child', namespaceIds: [1], roleId: keyRoleId, expireDays: 1 },
      ],
      ['PUT', '/user/changePassword', { oldPwd: 'Changed123!', newPwd: 'Another123!' }],
      ['POST', '/user/logout', {}],
    ];
    for (const [method, path, body] of refused) {
      const r = await withKey(key, method, path, body ? { body } : {});
      expect(r.code, `${method} ${path}`).toBe(1);
    }
    const rows = await t.db
      .selectFrom('api_key')
      .select('name')
      .where('name', '=', 'child')
      .execute();
    expect(rows).toEqual([]);
  });

  it('is made from a session only, never with a key', async () => {
    const personal = (await t.call<string>('PUT', '/user/generateApiKey', { token: member.token }))
      .data;
    const r = await withKey(personal, 'POST', '/user/addApiKey', {
      body: { name: 'by key', namespaceIds: [1], roleId: keyRoleId, expireDays: 1 },
    });
    expect(r).toMatchObject({ code: 1, reason: 'api_key_session_only' });
    // goploy's personal key keeps working with the member's own rights.
    expect((await withKey(personal, 'GET', '/user/getList')).code).toBe(0);
  });

  it('can never be made wider than its owner', async () => {
    const wider = await makeKey({ name: 'wider', roleId: wideRoleId });
    expect(wider).toMatchObject({ code: 10003 });
    expect(wider.message).toMatch(/^roleId grants permissions you do not hold/);
    const stranger = await makeKey({ name: 'stranger', namespaceIds: [1, 9999] });
    expect(stranger.message).toMatch(/^namespaceIds holds 9999/);
    const foreign = await makeKey({ name: 'foreign', projectIds: [projects.elsewhere] });
    expect(foreign.message).toMatch(/^projectIds holds/);
    const none = await makeKey({ name: 'none', namespaceIds: [] });
    expect(none.message).toBe('namespaceIds must name a namespace');
    const rows = await t.db
      .selectFrom('api_key')
      .select('name')
      .where('name', 'in', ['wider', 'stranger', 'foreign', 'none'])
      .execute();
    expect(rows).toEqual([]);
  });

  it("shrinks with its owner's role", async () => {
    const { key } = (await makeKey({ name: 'shrinks' })).data;
    expect(
      (await withKey(key, 'GET', '/deploy/getPreview', { query: { projectId: projects.api } }))
        .code,
    ).toBe(0);
    await asAdmin('PUT', '/role/changePermission', {
      roleId: memberRoleId,
      permissionIds: MEMBER_PERMISSIONS.filter((p) => p !== Perm.DeployDetail),
    });
    try {
      const after = await withKey(key, 'GET', '/deploy/getPreview', {
        query: { projectId: projects.api },
      });
      expect(after.code).toBe(1);
    } finally {
      await asAdmin('PUT', '/role/changePermission', {
        roleId: memberRoleId,
        permissionIds: MEMBER_PERMISSIONS,
      });
    }
  });

  it('are revoked when their owner is disabled', async () => {
    const other = await memberOf(t, admin, {
      account: 'leaver',
      namespaceId: 1,
      roleId: memberRoleId,
    });
    const made = await t.call<{ key: string }>('POST', '/user/addApiKey', {
      token: other.token,
      body: { name: 'leaver key', namespaceIds: [1], roleId: keyRoleId, expireDays: 30 },
    });
    expect((await withKey(made.data.key, 'GET', '/user/info')).code).toBe(0);
    await asAdmin('DELETE', '/user/remove', { id: other.id });
    await asAdmin('PUT', '/user/enable', { id: other.id });
    expect((await withKey(made.data.key, 'GET', '/user/info')).code).toBe(10001);
  });

  it("hears on the hub of its own projects' deploys alone", async () => {
    const { key } = (await makeKey({ name: 'live', projectIds: [projects.api] })).data;
    const wide = (await makeKey({ name: 'live wide' })).data.key;
    const listen = async (headers: Record<string, string>, query = '') => {
      const ws = await t.sockets.injectWS(`/ws/connect?G-N-ID=1${query}`, { headers });
      const heard: number[] = [];
      ws.on('message', (d: Buffer) => {
        heard.push(
          (JSON.parse(d.toString()) as { message: { projectId: number } }).message.projectId,
        );
      });
      return { ws, heard };
    };
    const narrow = await listen({ 'x-api-key': key });
    const wider = await listen({ 'x-api-key': wide });
    const person = await listen({}, `&token=${member.token}`);
    for (const id of [projects.web, projects.api]) {
      t.hub.publish(1, { type: 1, message: { projectId: id } }, deployAudience(id, new Set()));
    }
    await expect.poll(() => person.heard).toEqual([projects.web, projects.api]);
    await expect.poll(() => wider.heard).toEqual([projects.web, projects.api]);
    expect(narrow.heard).toEqual([projects.api]);
    for (const l of [narrow, wider, person]) l.ws.terminate();
  });

  it('never shows a key in a log line, an operation log row or a stored column', async () => {
    const made = await makeKey({ name: 'secret check' });
    const key = made.data.key;
    await withKey(key, 'PUT', '/deploy/resetState', { body: { projectId: projects.api } });
    await withKey(key, 'GET', '/deploy/getList', { query: { 'X-API-KEY': key } });
    expect(logged.join('\n')).not.toContain(key);
    const ops = await t.db.selectFrom('operation_log').selectAll().execute();
    expect(JSON.stringify(ops)).not.toContain(key);
    const stored = await t.db.selectFrom('api_key').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key);
  });
  it('stops after its expiry and after revocation, and lists its last use but never itself', async () => {
    const short = (await makeKey({ name: 'short', expireDays: 1 })).data;
    const revoked = (await makeKey({ name: 'revoked' })).data;
    expect((await withKey(short.key, 'GET', '/user/info')).code).toBe(0);
    expect((await withKey(revoked.key, 'GET', '/user/info')).code).toBe(0);

    const gone = await t.call('DELETE', '/user/revokeApiKey', {
      token: member.token,
      body: { id: revoked.id },
    });
    expect(gone.code).toBe(0);
    expect(await withKey(revoked.key, 'GET', '/user/info')).toMatchObject({ code: 10001 });
    // Another member cannot revoke it, or learn that it exists.
    const again = await t.call('DELETE', '/user/revokeApiKey', {
      token: admin.token,
      body: { id: short.id },
    });
    expect(again.code).toBe(1);

    // Last: a day later the member's session has ended too.
    t.clock.advance(DAY_MS + 1);
    expect(await withKey(short.key, 'GET', '/user/info')).toMatchObject({
      code: 10001,
      reason: 'api_key_expired',
    });

    const session = await t.login('keymaker', 'Changed123!');
    const listed = await t.call<{ list: Record<string, unknown>[] }>('GET', '/user/getApiKeyList', {
      token: session,
    });
    const byName = new Map(listed.data.list.map((k) => [k.name, k]));
    expect(byName.get('short')).toMatchObject({ state: 'expired', prefix: short.key.slice(0, 10) });
    expect(byName.get('revoked')).toMatchObject({ state: 'revoked' });
    expect(byName.get('ci api')).toMatchObject({ state: 'active', lastUseIp: '127.0.0.1' });
    expect(String(byName.get('ci api')?.lastUseTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const text = JSON.stringify(listed.data);
    expect(text).not.toContain(short.key);
    expect(text).not.toContain(revoked.key);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });
});
