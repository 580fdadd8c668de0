import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  emptyServers,
  existsOn,
  publishAndWait,
  readOn,
  traceOf,
} from '../../../test/deploy-fixtures.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';
import type { ReviewChanges } from './review-commits.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let receiver: Receiver;
let t: TestApp;
let admin: Actor;
let member: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  origin = await createGitOrigin();
  await origin.commit({ 'index.html': 'reviewed' }, 'first commit');
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
  await receiver?.close();
});
beforeEach(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  // May see and deploy every project, may not review.
  member = await memberOf(t, admin, {
    account: 'dev',
    namespaceId: 1,
    permissionIds: [57, 58, 61],
  });
  receiver.received.length = 0;
  emptyServers(fleet.servers);
  return () => t.close();
});

interface Review {
  id: number;
  state: number;
  branch: string;
  reason: string;
  token: string;
  creator: string;
  editor: string;
  reviewURL: string;
}

async function reviewProject(extra: Record<string, unknown> = {}) {
  const { projectId } = await addDeployProject(t, admin, {
    origin,
    servers: fleet.servers,
    mountAt,
    project: { name: 'shop', review: 1, ...extra },
  });
  return projectId;
}

async function ask(projectId: number, extra: Record<string, unknown> = {}) {
  const r = await t.call<{ token: string; reviewId: number }>('POST', '/deploy/publish', {
    token: member.token,
    ns: 1,
    body: { projectId, ...extra },
  });
  expect(r.code, r.message).toBe(0);
  expect(r.data.token).toBe('');
  return r.data.reviewId;
}

async function reviews(projectId: number): Promise<Review[]> {
  const r = await t.call<{ list: Review[]; pagination: { total: number } }>(
    'GET',
    '/project/getReviewList',
    { token: admin.token, ns: 1, query: { id: projectId } },
  );
  expect(r.code, r.message).toBe(0);
  expect(r.data.pagination.total).toBe(r.data.list.length);
  return r.data.list;
}

const decide = (actor: Actor, body: Record<string, unknown>) =>
  t.call('PUT', '/deploy/review', { token: actor.token, ns: 1, body });

const deployed = () => existsOn(fleet.servers[0]!, 'app/index.html');
const deployedText = () => readOn(fleet.servers[0]!, 'app/index.html');

describe('deploy review', () => {
  it('holds a member’s publish until a reviewer approves, then deploys it as the member', async () => {
    const projectId = await reviewProject();
    const id = await ask(projectId);
    await t.deployQueue.idle();
    expect(deployed()).toBe(false);
    const list = await t.call<{ list: Array<{ id: number; reviewCount: number }> }>(
      'GET',
      '/deploy/getList',
      { token: admin.token, ns: 1 },
    );
    expect(list.data.list.find((p) => p.id === projectId)?.reviewCount).toBe(1);

    // A member who may not review may not decide either.
    expect((await decide(member, { projectReviewId: id, state: 1 })).code).toBe(1);
    const unlisted = await t.call('GET', '/project/getReviewList', {
      token: member.token,
      ns: 1,
      query: { id: projectId },
    });
    expect(unlisted.code).toBe(1);
    const approved = await decide(admin, { projectReviewId: id, state: 1 });
    expect(approved.code, approved.message).toBe(0);
    await t.deployQueue.idle();
    expect(deployedText()).toBe('reviewed');

    const [review] = await reviews(projectId);
    expect(review).toMatchObject({ id, state: 1, creator: 'dev', editor: 'admin' });
    const trace = await traceOf(t, admin, review!.token);
    expect(
      new Set(trace.map((row) => (row as unknown as { publisherName: string }).publisherName)),
    ).toEqual(new Set(['dev']));
    const again = await decide(admin, { projectReviewId: id, state: 2 });
    expect(again).toMatchObject({ code: 2, reason: 'review_decided' });
  }, 60_000);

  it("keeps the branch as goploy's client sent it, and deploys that branch's commit", async () => {
    const projectId = await reviewProject();
    const id = await ask(projectId, { branch: 'origin/main' });
    const [waiting] = await reviews(projectId);
    expect(waiting).toMatchObject({ id, branch: 'origin/main', state: 0 });
    const approved = await decide(admin, { projectReviewId: id, state: 1 });
    expect(approved.code, approved.message).toBe(0);
    await t.deployQueue.idle();
    expect(deployedText()).toBe('reviewed');
    expect((await reviews(projectId))[0]).toMatchObject({ id, branch: 'origin/main', state: 1 });
  }, 60_000);

  it('rejects with a reason, tells the member live and the channel, and deploys nothing', async () => {
    const projectId = await reviewProject({ notifyType: 255, notifyTarget: receiver.url('/hook') });
    const ws = await t.sockets.injectWS(`/ws/connect?token=${member.token}&G-N-ID=1`);
    const frames: Array<{ type: number; message: Record<string, unknown> }> = [];
    ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString()) as (typeof frames)[0]));
    const id = await ask(projectId);
    const rejected = await decide(admin, { projectReviewId: id, state: 2, reason: 'freeze week' });
    expect(rejected.code, rejected.message).toBe(0);
    await expect
      .poll(() => frames.filter((f) => f.type === 12).map((f) => f.message.state))
      .toEqual([0, 2]);
    expect(frames.find((f) => f.type === 12 && f.message.state === 2)?.message).toMatchObject({
      reviewId: id,
      editor: 'admin',
      reason: 'freeze week',
    });
    await expect.poll(() => receiver.at('/hook').length).toBe(1);
    expect(receiver.at('/hook')[0]!.json).toMatchObject({
      data: { review: { id, state: 2, reason: 'freeze week', creator: 'dev' } },
    });
    ws.terminate();
    await t.deployQueue.idle();
    expect(deployed()).toBe(false);
    expect((await reviews(projectId))[0]).toMatchObject({ state: 2, reason: 'freeze week' });
  }, 60_000);

  it('tells the review URL, whose signed approval link works once and only as signed', async () => {
    const projectId = await reviewProject({
      reviewURL: receiver.url('/approve?p=__PROJECT_NAME__&by=__PUBLISHER_NAME__&cb=__CALLBACK__'),
    });
    const id = await ask(projectId);
    await expect.poll(() => receiver.at('/approve').length).toBe(1);
    const told = new URL(receiver.at('/approve')[0]!.url, 'http://x').searchParams;
    expect(told.get('p')).toBe('shop');
    expect(told.get('by')).toBe('dev');
    const link = new URL(told.get('cb')!);
    expect(link.pathname).toBe('/deploy/callback');
    const q = Object.fromEntries(link.searchParams);
    expect(q.project_review_id).toBe(String(id));

    const call = (query: Record<string, string>) => t.call('GET', '/deploy/callback', { query });
    expect((await call({ ...q, sign: q.sign!.slice(1) })).code).toBe(1);
    expect((await call({ ...q, expires: String(Number(q.expires) + 1) })).code).toBe(1);
    const { sign: _sign, ...unsigned } = q;
    expect((await call(unsigned)).code).toBe(10003);
    expect((await reviews(projectId))[0]?.state).toBe(0);

    const approved = await call(q);
    expect(approved.code, approved.message).toBe(0);
    await t.deployQueue.idle();
    expect(deployedText()).toBe('reviewed');
    expect((await reviews(projectId))[0]).toMatchObject({ state: 1, editor: 'approval link' });
    // Replayed: refused, saying nothing of the review.
    expect(await call(q)).toMatchObject({ code: 1, reason: 'review_link_invalid' });
  }, 60_000);

  it('refuses an expired approval link', async () => {
    const projectId = await reviewProject({ reviewURL: receiver.url('/approve?cb=__CALLBACK__') });
    await ask(projectId);
    await expect.poll(() => receiver.at('/approve').length).toBe(1);
    const cb = new URL(
      new URL(receiver.at('/approve')[0]!.url, 'http://x').searchParams.get('cb')!,
    );
    t.clock.advance(8 * 24 * 3_600_000);
    const r = await t.call('GET', '/deploy/callback', {
      query: Object.fromEntries(cb.searchParams),
    });
    expect(r.code).toBe(1);
    admin = await adminOf(t); // a week later, the session has lapsed too
    expect((await reviews(projectId))[0]?.state).toBe(0);
  }, 60_000);

  it('lets a reviewer publish without review, and keeps reviews to their namespace', async () => {
    const projectId = await reviewProject();
    const direct = await t.call<{ token: string; reviewId?: number }>('POST', '/deploy/publish', {
      token: admin.token,
      ns: 1,
      body: { projectId },
    });
    expect(direct.data.token).not.toBe('');
    expect(direct.data.reviewId).toBeUndefined();
    await t.deployQueue.idle();

    const id = await ask(projectId);
    const other = await t.call<{ id: number }>('POST', '/namespace/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'other' },
    });
    const across = await t.call('PUT', '/deploy/review', {
      token: admin.token,
      ns: other.data.id,
      body: { projectReviewId: id, state: 1 },
    });
    expect(across.code).toBe(1);
    const list = await t.call('GET', '/project/getReviewList', {
      token: admin.token,
      ns: other.data.id,
      query: { id: projectId },
    });
    expect(list.code).toBe(1);
    expect((await reviews(projectId))[0]?.state).toBe(0);
  }, 60_000);
});

describe('a review’s changes', () => {
  let repo: GitOrigin;
  beforeEach(async () => {
    repo = await createGitOrigin();
    return () => repo.cleanup();
  });

  const changesOf = (actor: Actor, id: number, ns = 1) =>
    t.call<ReviewChanges>('GET', '/deploy/getReviewChanges', {
      token: actor.token,
      ns,
      query: { id },
    });

  async function projectOf(extra: Record<string, unknown> = {}) {
    const { projectId } = await addDeployProject(t, admin, {
      origin: repo,
      servers: fleet.servers,
      mountAt,
      project: { name: 'shop', review: 1, ...extra },
    });
    return projectId;
  }

  it('lists the commits and files a deploy brings over the live release, and what it takes away', async () => {
    const live = await repo.commit({ 'index.html': 'v1', 'lib.js': 'x\n'.repeat(20) }, 'first');
    const projectId = await projectOf();
    await publishAndWait(t, admin, { projectId });
    const middle = await repo.commit({ 'index.html': 'v2' }, 'second', { author: 'Mia' });
    const head = await repo.commit(
      { 'lib.js': null, 'src/lib.js': 'x\n'.repeat(20), 'new.txt': 'n' },
      'third',
      { author: 'Lu <lu@example.com>' },
    );
    const ws = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
    const frames: Array<{ type: number; message: Record<string, unknown> }> = [];
    ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString()) as (typeof frames)[0]));
    const id = await ask(projectId);

    const r = await changesOf(admin, id);
    expect(r.code, r.message).toBe(0);
    expect(r.data.commit).toMatchObject({
      commit: head,
      branch: 'main',
      author: 'Lu',
      message: 'third',
    });
    expect(r.data.live).toMatchObject({ commit: live, message: 'first' });
    expect(r.data.commits.map((c) => [c.commit, c.author])).toEqual([
      [head, 'Lu'],
      [middle, 'Mia'],
    ]);
    expect(r.data.dropped).toEqual([]);
    expect(r.data.files).toEqual([
      { status: 'M', path: 'index.html', from: '' },
      { status: 'A', path: 'new.txt', from: '' },
      { status: 'R', path: 'src/lib.js', from: 'lib.js' },
    ]);
    expect(r.data.truncated).toBe(false);
    await expect
      .poll(() => frames.find((f) => f.type === 12)?.message.changes)
      .toEqual({
        commits: 2,
        files: 3,
      });
    ws.terminate();

    // With the head live, an older commit asked for takes the newer ones away.
    expect((await decide(admin, { projectReviewId: id, state: 1 })).code).toBe(0);
    await t.deployQueue.idle();
    const back = await t.call<{ reviewId: number }>('POST', '/deploy/publish', {
      token: member.token,
      ns: 1,
      body: { projectId, commit: live },
    });
    const older = await changesOf(admin, back.data.reviewId);
    expect(older.data.live?.commit).toBe(head);
    expect(older.data.commits).toEqual([]);
    expect(older.data.dropped.map((c) => c.commit)).toEqual([head, middle]);
    expect(older.data.files).toEqual([
      { status: 'M', path: 'index.html', from: '' },
      { status: 'R', path: 'lib.js', from: 'src/lib.js' },
      { status: 'D', path: 'new.txt', from: '' },
    ]);
  }, 60_000);

  it('has nothing live to compare before the first deploy, and only reviewers of the namespace see it', async () => {
    const head = await repo.commit({ 'index.html': 'v1' }, 'first');
    const projectId = await projectOf();
    const id = await ask(projectId);
    const r = await changesOf(admin, id);
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ commit: { commit: head }, live: null, commits: [], files: [] });

    expect((await changesOf(member, id)).code).toBe(1);
    const other = await t.call<{ id: number }>('POST', '/namespace/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'other' },
    });
    expect((await changesOf(admin, id, other.data.id)).code).toBe(1);
    expect((await changesOf(admin, id + 1)).code).toBe(1);
  }, 60_000);
});
