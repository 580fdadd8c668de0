import fs from 'node:fs';
import { decodeBinaryHubFrame, HubType, Perm, type HubFrame } from '@ferry/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  editForm,
  everythingShown,
  publishAndWait,
  traceOf,
} from '../../../test/deploy-fixtures.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { secondNamespace } from '../../../test/project-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';
import { deployLogFile } from './deploy-log.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  origin = await createGitOrigin();
  await origin.commit({ 'src/app.js': 'one', 'README.md': 'r' }, 'first commit');
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
});
beforeEach(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  return () => t.close();
});

const project = (extra = {}) =>
  addDeployProject(t, admin, { origin, servers: fleet.servers, mountAt, project: extra });

describe('goploy compatibility', () => {
  it('drives publish, getPublishProgress and getPublishTrace with X-API-KEY and G-N-ID as its CLI does', async () => {
    const { projectId } = await project();
    const apiKey = (
      await t.call<string>('PUT', '/user/generateApiKey', { token: admin.token, ns: 1 })
    ).data;
    const headers = { 'x-api-key': apiKey, 'g-n-id': '1' };
    const published = await t.call<{ token: string }>('POST', '/deploy/publish', {
      headers,
      body: { projectId, branch: 'main', commit: '' },
    });
    expect(published.code).toBe(0);
    await t.deployQueue.idle();
    const progress = await t.call('GET', '/deploy/getPublishProgress', {
      headers,
      query: { lastPublishToken: published.data.token },
    });
    expect(progress.data).toMatchObject({ state: 2, stage: 'Publish Finish', message: '' });
    const trace = await t.call<{ list: Array<Record<string, unknown>> }>(
      'GET',
      '/deploy/getPublishTrace',
      { headers, query: { lastPublishToken: published.data.token } },
    );
    expect(Object.keys(trace.data.list[0]!).sort()).toEqual(
      expect.arrayContaining([
        'detail',
        'ext',
        'id',
        'insertTime',
        'projectId',
        'projectName',
        'publisherId',
        'publisherName',
        'state',
        'token',
        'type',
        'updateTime',
      ]),
    );
    // The route's own `token` is the publish token, never read as a session credential.
    const log = await t.call<{ lines: unknown[] }>('GET', '/deploy/getPublishLog', {
      headers,
      query: { token: published.data.token },
    });
    expect(log.code).toBe(0);
    expect(log.data.lines.length).toBeGreaterThan(0);
    const cancel = await t.call('POST', '/deploy/cancel', {
      headers,
      query: { token: published.data.token },
      body: { token: published.data.token },
    });
    expect(cancel).toMatchObject({ code: 0, data: { status: 'finished' } });
  }, 30_000);
});

describe('publish refuses bad requests without queueing anything', () => {
  it('names the field, the rule or the reason', async () => {
    const { projectId } = await project({
      script: {
        customVariables: [{ name: 'TARGET', value: 'blue,green', type: 'list' }],
      },
    });
    const bare = await addDeployProject(t, admin, {
      origin,
      servers: [],
      mountAt,
      project: { name: 'bare' },
    });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{}, 10003, 'projectId is required'],
      [{ projectId, commit: 'not-a-sha' }, 10003, 'commit must be a commit id'],
      [{ projectId, branch: 'a..b' }, 10003, 'branch'],
      [{ projectId: 999 }, 1, ''],
      [{ projectId: bare.projectId }, 2, 'deploy_no_servers'],
      [{ projectId, serverIds: [999] }, 2, 'deploy_server_not_bound'],
      [
        { projectId, customVariables: [{ name: 'NOPE', value: 'x' }] },
        2,
        'deploy_variable_unknown',
      ],
      [
        { projectId, customVariables: [{ name: 'TARGET', value: 'red' }] },
        2,
        'deploy_variable_value',
      ],
    ];
    for (const [body, code, text] of cases) {
      const r = await t.call<unknown>('POST', '/deploy/publish', {
        token: admin.token,
        ns: 1,
        body,
      });
      expect([r.code, `${r.message} ${(r as { reason?: string }).reason ?? ''}`]).toEqual([
        code,
        expect.stringContaining(text),
      ]);
    }
    expect(await t.db.selectFrom('job').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('publish_trace').selectAll().execute()).toEqual([]);
  });
});

describe('namespaces and permissions', () => {
  it('keeps a deploy invisible to another namespace and to members without the permission', async () => {
    const { projectId } = await project();
    const token = await publishAndWait(t, admin, { projectId });
    const other = await secondNamespace(t, admin);
    const outsider = await memberOf(t, admin, {
      account: 'outsider',
      namespaceId: other,
      permissionIds: [
        Perm.ShowDeployPage,
        Perm.DeployDetail,
        Perm.DeployProject,
        Perm.GetAllDeployList,
      ],
    });
    const traceId = (await traceOf(t, admin, token))[0]!.id;
    const byId: Array<readonly ['GET' | 'POST' | 'PUT', string, Record<string, unknown>]> = [
      ['GET', '/deploy/getPublishTrace', { lastPublishToken: token }],
      ['GET', '/deploy/getPublishTraceDetail', { id: traceId }],
      ['GET', '/deploy/getPublishProgress', { lastPublishToken: token }],
      ['GET', '/deploy/getPublishLog', { token }],
      ['GET', '/deploy/getPreview', { projectId }],
      ['POST', '/deploy/cancel', { token }],
      ['POST', '/deploy/rebuild', { token }],
      ['POST', '/deploy/publish', { projectId }],
      ['POST', '/deploy/greyPublish', { projectId }],
      ['PUT', '/deploy/resetState', { projectId }],
    ];
    const as = async (actor: Actor, ns: number, [method, route, input]: (typeof byId)[0]) =>
      (
        await t.call(method, route, {
          token: actor.token,
          ns,
          ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
        })
      ).code;
    for (const call of byId)
      expect([call[1], await as(outsider, other, call)]).toEqual([call[1], 1]);
    const list = await t.call<{ list: unknown[] }>('GET', '/deploy/getList', {
      token: outsider.token,
      ns: other,
    });
    expect(list.data.list).toEqual([]);

    const viewer = await memberOf(t, admin, {
      account: 'viewer',
      namespaceId: 1,
      permissionIds: [Perm.ShowDeployPage, Perm.GetBindDeployList],
    });
    const seen = await t.call<{ list: unknown[] }>('GET', '/deploy/getList', {
      token: viewer.token,
      ns: 1,
    });
    expect(seen.data.list).toEqual([]);
    // Seeing the page is not deploying, rolling back, resetting or reading traces.
    for (const call of byId) expect([call[1], await as(viewer, 1, call)]).toEqual([call[1], 1]);
    const log = await t.call('GET', '/log/getPublishLogList', { token: viewer.token, ns: 1 });
    expect(log.code).toBe(1);
    // Another namespace's publish log does not list this deploy.
    const theirs = await t.call<{ list: unknown[] }>('GET', '/log/getPublishLogList', {
      token: admin.token,
      ns: other,
    });
    expect(theirs.data.list).toEqual([]);
  }, 30_000);
});

describe('secrets', () => {
  it('never shows a server password in a trace, a log line or a frame', async () => {
    const frames: HubFrame[] = [];
    const keep = (frame: HubFrame | Uint8Array | readonly Uint8Array[]) =>
      frames.push('type' in frame ? frame : decodeBinaryHubFrame(Buffer.concat([frame].flat()))!);
    const publish = t.hub.publish.bind(t.hub);
    const publishTopic = t.hub.publishTopic.bind(t.hub);
    t.hub.publish = (ns, frame, admit) => (keep(frame), publish(ns, frame, admit));
    t.hub.publishTopic = (ns, topic, frame) => (keep(frame), publishTopic(ns, topic, frame));
    const { projectId } = await project({
      symlinkPath: '',
      script: {
        afterPull: { mode: 'bash', content: 'env; echo "${PROJECT_SERVERS}"' },
        afterDeploy: { mode: 'bash', content: 'env' },
      },
    });
    const token = await publishAndWait(t, admin, { projectId });
    const password = fleet.servers[0]!.password;
    const shown = await everythingShown(t, admin, token);
    expect(shown).toContain('SERVER_NAME=srv-');
    expect(shown).not.toContain(password);
    expect(JSON.stringify(frames)).not.toContain(password);
    expect(frames.some((f) => f.type === HubType.deployProgress)).toBe(true);
    expect(fs.readFileSync(deployLogFile(t.dataDir, token), 'utf8')).not.toContain(password);
  }, 30_000);
});

describe('live frames', () => {
  it('streams log lines to subscribers of the token and state frames to who may see the project', async () => {
    const { projectId } = await project({
      symlinkPath: '',
      script: { afterPull: { mode: 'bash', content: 'sleep 0.5; echo hello-live' } },
    });
    const outsider = await memberOf(t, admin, {
      account: 'notbound',
      namespaceId: 1,
      permissionIds: [Perm.ShowDeployPage, Perm.GetBindDeployList],
    });
    const ws = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
    const other = await t.sockets.injectWS(`/ws/connect?token=${outsider.token}&G-N-ID=1`);
    const frames: Array<{ type: number; message: Record<string, unknown> }> = [];
    const leaked: unknown[] = [];
    ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString()) as (typeof frames)[0]));
    other.on('message', (d: Buffer) => leaked.push(d.toString()));
    await expect.poll(() => t.hub.size()).toBe(2);
    const r = await t.call<{ token: string }>('POST', '/deploy/publish', {
      token: admin.token,
      ns: 1,
      body: { projectId },
    });
    ws.send(JSON.stringify({ op: 'subscribe', token: r.data.token }));
    await t.deployQueue.idle();
    await expect
      .poll(() => frames.some((f) => f.type === HubType.deployProgress && f.message.state === 2))
      .toBe(true);
    expect(frames).toContainEqual({
      type: HubType.deployLog,
      message: {
        projectId,
        token: r.data.token,
        stage: 'afterPull',
        serverId: 0,
        line: 'hello-live',
        at: expect.any(Number),
      },
    });
    const stages = frames
      .filter((f) => f.type === HubType.deployProgress)
      .map((f) => f.message.stage);
    expect(stages).toEqual(
      expect.arrayContaining(['queue', 'pull', 'afterPull', 'transfer', 'finish']),
    );
    expect(leaked).toEqual([]);
    ws.terminate();
    other.terminate();
  }, 30_000);
});

describe('reset state', () => {
  it('refuses while a deploy runs, and cancels it first when asked', async () => {
    const { projectId } = await project({
      script: { afterPull: { mode: 'bash', content: 'sleep 64' } },
    });
    const r = await t.call<{ token: string }>('POST', '/deploy/publish', {
      token: admin.token,
      ns: 1,
      body: { projectId },
    });
    const reset = (cancel: boolean) =>
      t.call('PUT', '/deploy/resetState', {
        token: admin.token,
        ns: 1,
        body: { projectId, cancel },
      });
    const refused = await reset(false);
    expect(refused).toMatchObject({ code: 2, reason: 'deploy_running' });
    expect((await reset(true)).code).toBe(0);
    await t.deployQueue.idle();
    const rows = await traceOf(t, admin, r.data.token);
    expect(rows.at(-1)).toMatchObject({ type: 8, state: 0 });
    const list = await t.call<{ list: Array<{ deployState: number }> }>('GET', '/deploy/getList', {
      token: admin.token,
      ns: 1,
    });
    expect(list.data.list[0]!.deployState).toBe(0);
  }, 30_000);
});

describe('history', () => {
  it('filters by state, file in the diff, commit and deploy date, with the total', async () => {
    const { projectId } = await project({ symlinkPath: '' });
    const ok = await publishAndWait(t, admin, { projectId });
    await t.call('PUT', '/project/edit', {
      token: admin.token,
      ns: 1,
      body: { ...(await editForm(t, admin, projectId)), branch: 'missing' },
    });
    const bad = await publishAndWait(t, admin, { projectId });
    const preview = async (q: Record<string, string | number>) =>
      (
        await t.call<{ list: Array<{ token: string }>; pagination: { total: number } }>(
          'GET',
          '/deploy/getPreview',
          { token: admin.token, ns: 1, query: { projectId, ...q } },
        )
      ).data;
    expect((await preview({})).list.map((h) => h.token)).toEqual([bad, ok]);
    expect((await preview({ state: 1 })).list.map((h) => h.token)).toEqual([ok]);
    expect((await preview({ state: 0 })).list.map((h) => h.token)).toEqual([bad]);
    expect((await preview({ filename: 'src/app.js' })).list.map((h) => h.token)).toEqual([ok]);
    expect((await preview({ rows: 1 })).pagination.total).toBe(2);
    expect((await preview({ deployDate: '2000-01-01,2000-01-02' })).list).toEqual([]);
    const log = await t.call<{ list: Array<{ token: string; detail: string; ext: string }> }>(
      'GET',
      '/log/getPublishLogList',
      { token: admin.token, ns: 1, query: { projectName: 'shop' } },
    );
    expect(log.data.list.map((l) => l.token)).toEqual([bad, ok]);
    expect(log.data.list[0]!.detail).toContain('missing');
    // The row names the commit its pull took; the failed pull took none.
    const pulled = (ext: string) => (JSON.parse(ext || '{}') as { commit?: string }).commit;
    expect(pulled(log.data.list[1]!.ext)).toMatch(/^[0-9a-f]{40}$/);
    expect(pulled(log.data.list[0]!.ext)).toBeUndefined();
    const total = await t.call('GET', '/log/getPublishLogTotal', { token: admin.token, ns: 1 });
    expect(total.data).toEqual({ total: 2 });
  }, 30_000);
});
