import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  existsOn,
  onServer,
  readOn,
  traceOf,
} from '../../../test/deploy-fixtures.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { addServer, serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

/**
 * A review approves one commit: the one asked for, resolved when it was asked. Nothing pushed to
 * the branch afterwards reaches the servers through it, and one commit waits in one review.
 */
const mountAt = deployMountPoint();
let fleet: SshdFleet;
let receiver: Receiver;
let t: TestApp;
let admin: Actor;
let member: Actor;
let serverId: number;
const origins: GitOrigin[] = [];

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  receiver = await startReceiver();
  t = await buildTestApp();
  admin = await adminOf(t);
  // May see and deploy every project, may not review.
  member = await memberOf(t, admin, {
    account: 'dev',
    namespaceId: 1,
    permissionIds: [57, 58, 61],
  });
  serverId = await addServer(t, admin, serverForm(fleet.servers[0]!));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fleet?.stopAll();
  await receiver?.close();
  for (const o of origins) o.cleanup();
});

/** A repository whose `main` holds `index.html` with `text`; answers it and that commit. */
async function repository(text: string) {
  const origin = await createGitOrigin();
  origins.push(origin);
  return { origin, head: await origin.commit({ 'index.html': text }, `page says ${text}`) };
}

/** A project under review deploying `origin` to `<name>/` of the one server. */
async function reviewProject(name: string, origin: GitOrigin, extra: Record<string, unknown> = {}) {
  const { projectId } = await addDeployProject(t, admin, {
    origin,
    servers: [],
    mountAt: `${mountAt}/${name}`,
    project: { name, review: 1, serverIds: [serverId], ...extra },
  });
  return projectId;
}

const publish = (body: Record<string, unknown>) =>
  t.call<{ token: string; reviewId: number }>('POST', '/deploy/publish', {
    token: member.token,
    ns: 1,
    body,
  });

async function ask(body: Record<string, unknown>): Promise<number> {
  const r = await publish(body);
  expect(r.code, r.message).toBe(0);
  return r.data.reviewId;
}

const decide = (body: Record<string, unknown>) =>
  t.call('PUT', '/deploy/review', { token: admin.token, ns: 1, body });

const stored = (id: number) =>
  t.db.selectFrom('project_review').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a deploy review', () => {
  it('stores the branch head it was asked on, as a full id, in its row and its payload', async () => {
    const { origin, head } = await repository('one');
    const projectId = await reviewProject('stores', origin);
    const id = await ask({ projectId });
    const row = await stored(id);
    expect(row.commit_id).toBe(head);
    expect(row.commit_id).toMatch(/^[0-9a-f]{40}$/);
    expect(JSON.parse(row.payload)).toMatchObject({ projectId, commit: head });
    const list = await t.call<{ list: Array<{ id: number; commitId: string }> }>(
      'GET',
      '/project/getReviewList',
      { token: admin.token, ns: 1, query: { id: projectId } },
    );
    expect(list.data.list).toEqual([expect.objectContaining({ id, commitId: head })]);
  });

  it('resolves a commit the member names to its full id, and refuses one the repository lacks', async () => {
    const { origin, head } = await repository('named');
    await origin.commit({ 'index.html': 'later' }, 'later');
    const projectId = await reviewProject('named', origin);
    const id = await ask({ projectId, commit: head.slice(0, 10) });
    expect((await stored(id)).commit_id).toBe(head);

    const missing = await publish({ projectId, commit: 'deadbeefdeadbeef' });
    expect(missing).toMatchObject({ code: 10003 });
    expect(missing.message).toMatch(/^commit /);
    const total = await t.db
      .selectFrom('project_review')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(1);
  });

  it('deploys the commit it was asked for, though the branch moved before the approval', async () => {
    const { origin, head } = await repository('reviewed');
    const projectId = await reviewProject('moved', origin);
    const id = await ask({ projectId });
    const pushed = await origin.commit({ 'index.html': 'never reviewed' }, 'slipped in');
    expect(pushed).not.toBe(head);

    const approved = await decide({ projectReviewId: id, state: 1 });
    expect(approved.code, approved.message).toBe(0);
    await t.deployQueue.idle();

    const token = (await stored(id)).deploy_token;
    const server = fleet.servers[0]!;
    expect(fs.readlinkSync(onServer(server, 'moved/app'))).toBe(`./releases/${token}`);
    expect(readOn(server, `moved/releases/${token}/index.html`)).toBe('reviewed');
    const pull = (await traceOf(t, admin, token)).find((row) => row.type === 2)!;
    expect(JSON.parse(pull.ext)).toMatchObject({ commit: head, branch: 'origin/main' });
  }, 60_000);

  it('refuses the same commit again while its review waits, naming that review', async () => {
    const { origin, head } = await repository('twice');
    const projectId = await reviewProject('twice', origin);
    const first = await ask({ projectId });

    const again = await publish({ projectId });
    expect(again).toMatchObject({ code: 2, reason: 'review_waiting' });
    expect(again.message).toBe(`Review #${first} already waits for this commit`);
    const named = await publish({ projectId, commit: head.slice(0, 7) });
    expect(named).toMatchObject({
      code: 2,
      message: `Review #${first} already waits for this commit`,
    });

    // Another commit waits in its own review; once the first is decided, its commit may ask again.
    await origin.commit({ 'index.html': 'two' }, 'two');
    const second = await ask({ projectId });
    expect(second).not.toBe(first);
    expect((await decide({ projectReviewId: first, state: 2, reason: 'not now' })).code).toBe(0);
    expect(await ask({ projectId, commit: head })).toBeGreaterThan(second);
  });

  it('gives its commit to the review URL and to the reviewers’ notification', async () => {
    const { origin, head } = await repository('told');
    const projectId = await reviewProject('told', origin, {
      reviewURL: receiver.url('/told?commit=__COMMIT_ID__&branch=__BRANCH__'),
    });
    const ws = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
    const frames: Array<{ type: number; message: Record<string, unknown> }> = [];
    ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString()) as (typeof frames)[0]));
    const id = await ask({ projectId });

    await expect.poll(() => receiver.at('/told').length).toBe(1);
    const query = new URL(receiver.at('/told')[0]!.url, 'http://x').searchParams;
    expect(query.get('commit')).toBe(head);
    expect(query.get('branch')).toBe('main');
    await expect.poll(() => frames.filter((f) => f.type === 12).length).toBe(1);
    expect(frames.find((f) => f.type === 12)!.message).toMatchObject({
      reviewId: id,
      branch: 'main',
      commitId: head,
      commitMessage: 'page says told',
    });
    ws.terminate();
  });

  it('is not approved when it names no commit (asked before reviews stored one)', async () => {
    const { origin } = await repository('unnamed');
    const projectId = await reviewProject('unnamed', origin);
    const id = await ask({ projectId });
    await t.db
      .updateTable('project_review')
      .set({ commit_id: '', payload: JSON.stringify({ projectId, commit: '', branch: '' }) })
      .where('id', '=', id)
      .execute();
    const approved = await decide({ projectReviewId: id, state: 1 });
    expect(approved).toMatchObject({ code: 2, reason: 'review_no_commit' });
    expect(approved.message).toContain(`#${id}`);
    await t.deployQueue.idle();
    expect(existsOn(fleet.servers[0]!, 'unnamed/app')).toBe(false);
    expect((await stored(id)).state).toBe(0);
  });
});
