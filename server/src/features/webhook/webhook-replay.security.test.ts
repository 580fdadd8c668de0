import fs from 'node:fs';
import { TraceType } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { deployMountPoint, readOn, traceOf } from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { projectForm } from '../../../test/project-fixtures.js';
import { addServer, closedPort, serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';
import { documentedPush, type DocumentedProvider } from '../../../test/webhook-examples.js';
import {
  deliver,
  resetSecret,
  send,
  type DeliveryRequest,
} from '../../../test/webhook-fixtures.js';

const mountAt = deployMountPoint();
const REFUSED = { code: 1, message: 'Webhook refused', reason: 'webhook_refused', data: null };
const DAY_MS = 24 * 60 * 60 * 1000;
let fleet: SshdFleet;
let origin: GitOrigin;
let base: string;
let t: TestApp;
let admin: Actor;
/** A server the fleet runs, and one whose port refuses (its deploys fail at once). */
let live: number;
let refusing: number;

beforeAll(async () => {
  [fleet, origin] = await Promise.all([startSshdFleet({ count: 1, mountAt }), createGitOrigin()]);
  base = await origin.commit({ 'index.html': 'base' }, 'First page');
  t = await buildTestApp();
  admin = await adminOf(t);
  const [server] = fleet.servers;
  live = await addServer(t, admin, serverForm(server!));
  const port = await closedPort();
  refusing = await addServer(t, admin, serverForm(server!, { name: 'refusing', port }));
}, 60_000);
afterAll(async () => {
  await t?.deployQueue.idle();
  await t?.close();
  await fleet?.stopAll();
  origin?.cleanup();
});

/** A project deploying `origin`'s main to `serverId`, auto deploy on, with a fresh secret. */
async function hooked(name: string, serverId: number, autoDeploy: 0 | 1 = 1) {
  const r = await t.call<{ id: number }>('POST', '/project/add', {
    token: admin.token,
    ns: 1,
    body: projectForm({ name, url: origin.url, path: `${mountAt}/${name}`, serverIds: [serverId] }),
  });
  if (r.code !== 0) throw new Error(`add project: ${r.code} ${r.message}`);
  const id = r.data.id;
  await t.call('PUT', '/project/setAutoDeploy', {
    token: admin.token,
    ns: 1,
    body: { id, autoDeploy },
  });
  return { id, secret: await resetSecret(t, admin, id) };
}

interface DeliveryLog {
  list: Array<{ provider: string; deliveryId: string; accepted: boolean; reason: string }>;
  pagination: { total: number };
  unsigned: { count: number; lastTime: string };
}

async function log(projectId: number): Promise<DeliveryLog> {
  const r = await t.call<DeliveryLog>('GET', '/project/getWebhookDeliveryList', {
    token: admin.token,
    ns: 1,
    query: { id: projectId, rows: 1000 },
  });
  expect(r.code).toBe(0);
  return r.data;
}

const reasons = async (projectId: number) => (await log(projectId)).list.map((r) => r.reason);

const jobCount = async (projectId: number) =>
  (
    await t.db
      .selectFrom('job')
      .select('id')
      .where('group_key', '=', `project:${projectId}`)
      .execute()
  ).length;

/**
 * How the project's newest deploy ended (with its error) and the commit its pull checked out: a
 * page that did not change then says whether the deploy failed or what it deployed.
 */
async function lastDeploy(projectId: number) {
  const job = await t.db
    .selectFrom('job')
    .select(['token', 'status', 'error'])
    .where('group_key', '=', `project:${projectId}`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const pull = (await traceOf(t, admin, job.token)).find((r) => r.type === TraceType.pull);
  const commit = pull ? (JSON.parse(pull.ext) as { commit?: string }).commit : undefined;
  return { status: job.status, error: job.error, commit };
}

/** The same delivery sent by someone who does not hold the secret. */
function withoutSecret(r: DeliveryRequest): DeliveryRequest {
  const headers = { ...r.headers };
  delete headers['x-hub-signature'];
  if (headers['x-hub-signature-256']) headers['x-hub-signature-256'] = `sha256=${'0'.repeat(64)}`;
  for (const name of ['x-gitlab-token', 'x-gitee-token']) {
    if (headers[name]) headers[name] = 'guessed';
  }
  return { ...r, headers, query: r.query.token ? { token: 'guessed' } : r.query };
}

describe('webhook replays', () => {
  it('deploys a signed push once: a copy is refused as replayed from every provider', async () => {
    const { id, secret } = await hooked('replays', refusing);
    const providers: DocumentedProvider[] = ['github', 'gitlab', 'gitee', 'gitee-password', 'svn'];
    let before = base;
    for (const [i, provider] of providers.entries()) {
      const after = await origin.commit({ 'index.html': provider }, `Page of ${provider}`);
      const push = documentedPush(provider, { secret, branch: 'main', before, after, revision: i });
      before = after;
      // Sent first without the secret, the copy claims nothing: the genuine one still deploys.
      const answers = [
        await send(t, id, withoutSecret(push)),
        await send(t, id, push),
        await send(t, id, push),
      ];
      expect([provider, answers.map((a) => a.code)]).toEqual([provider, [1, 0, 1]]);
      expect(answers[2]).toEqual(REFUSED);
    }
    expect((await reasons(id)).reverse()).toEqual(
      providers.flatMap(() => ['signature_invalid', '', 'replayed']),
    );
    expect(await jobCount(id)).toBe(providers.length);
  });

  it('refuses on a second console a push the first accepted, and one of two sent to both at once', async () => {
    const { id, secret } = await hooked('consoles', refusing);
    const second = await buildTestApp({}, {}, t);
    try {
      const [c1, c2] = [await origin.commit({}, 'One'), await origin.commit({}, 'Two')];
      const one = documentedPush('github', { secret, branch: 'main', before: base, after: c1 });
      expect((await send(t, id, one)).code).toBe(0);
      expect(await send(second, id, one)).toEqual(REFUSED);
      const both = documentedPush('github', { secret, branch: 'main', before: c1, after: c2 });
      const answers = await Promise.all([send(t, id, both), send(second, id, both)]);
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
      expect(await jobCount(id)).toBe(2);
      expect((await reasons(id)).sort()).toEqual(['', '', 'replayed', 'replayed']);
    } finally {
      await Promise.all([t.deployQueue.idle(), second.deployQueue.idle()]);
      await second.close();
    }
  });
});

describe('stale pushes', () => {
  it('never moves the servers back: a late, forged or long-replayed older push deploys nothing', async () => {
    const { id, secret } = await hooked('stale', live);
    const page = () => readOn(fleet.servers[0]!, 'stale/index.html');
    const a = await origin.commit({ 'index.html': 'A' }, 'Page A');
    const b = await origin.commit({ 'index.html': 'B' }, 'Page B');
    const pushA = documentedPush('github', { secret, branch: 'main', before: base, after: a });
    const pushB = documentedPush('github', { secret, branch: 'main', before: a, after: b });
    expect((await send(t, id, pushB)).code).toBe(0);
    await t.deployQueue.idle();
    expect(await lastDeploy(id)).toEqual({ status: 'succeeded', error: '', commit: b });
    expect(page()).toBe('B');
    const jobs = await jobCount(id);

    // A's delivery, captured or late, after B is live; then A again under a fresh GitLab id.
    expect(await send(t, id, pushA)).toEqual(REFUSED);
    expect(await deliver(t, id, 'gitlab', { secret, after: a, deliveryId: 'fresh-id' })).toEqual(
      REFUSED,
    );
    // A week on, B's claims are pruned: B sent again is the release the servers run.
    const aged = t.clock.now() - 7 * DAY_MS - 60_000;
    await t.db.updateTable('webhook_claim').set({ claim_time: aged }).execute();
    expect(await send(t, id, pushB)).toEqual(REFUSED);
    const claims = await t.db.selectFrom('webhook_claim').select('claim_time').execute();
    expect(claims.filter((c) => c.claim_time === aged)).toEqual([]);

    // D then C sent at once: C, older than D which is queued, is refused whatever D's progress.
    const c = await origin.commit({ 'index.html': 'C' }, 'Page C');
    const d = await origin.commit({ 'index.html': 'D' }, 'Page D');
    expect((await deliver(t, id, 'github', { secret, after: d, deliveryId: 'd' })).code).toBe(0);
    expect(await deliver(t, id, 'github', { secret, after: c, deliveryId: 'c' })).toEqual(REFUSED);
    await t.deployQueue.idle();
    expect(await lastDeploy(id)).toEqual({ status: 'succeeded', error: '', commit: d });
    // B may have been checked out within the second D was, at its size: rsync still sends D.
    expect(page()).toBe('D');
    expect(await jobCount(id)).toBe(jobs + 1);
    expect(await reasons(id)).toEqual([
      'stale_push',
      '',
      'stale_push',
      'stale_push',
      'stale_push',
      '',
    ]);
  }, 30_000);

  it('refuses a push it cannot place (the repository unreachable) and deploys it when sent again', async () => {
    const { id, secret } = await hooked('unplaced', live);
    const a = await origin.commit({ 'index.html': 'A' }, 'Page A');
    expect((await deliver(t, id, 'gitlab', { secret, after: a, deliveryId: 'a' })).code).toBe(0);
    await t.deployQueue.idle();
    expect(await lastDeploy(id)).toEqual({ status: 'succeeded', error: '', commit: a });
    const b = await origin.commit({ 'index.html': 'B' }, 'Page B');
    const pushB = documentedPush('gitlab', { secret, branch: 'main', before: a, after: b });
    const away = `${origin.dir}.away`;
    fs.renameSync(origin.dir, away);
    try {
      expect(await send(t, id, pushB)).toEqual(REFUSED);
      expect(await jobCount(id)).toBe(1);
    } finally {
      fs.renameSync(away, origin.dir);
    }
    // Its claim was given back: the provider's resend deploys it.
    expect((await send(t, id, pushB)).code).toBe(0);
    await t.deployQueue.idle();
    expect(await lastDeploy(id)).toEqual({ status: 'succeeded', error: '', commit: b });
    expect(readOn(fleet.servers[0]!, 'unplaced/index.html')).toBe('B');
    expect(await reasons(id)).toEqual(['', 'ancestry_unknown', '']);
  }, 30_000);
});

describe('unsigned calls', () => {
  it('keeps the delivery log bounded under a flood, the signed deliveries in it, and counts them', async () => {
    const { id, secret } = await hooked('flood', refusing, 0);
    const genuine = documentedPush('github', { secret, branch: 'main', before: base, after: base });
    expect(await send(t, id, genuine)).toEqual(REFUSED); // auto deploy is off
    expect((await deliver(t, id, 'github', { secret, event: 'ping' })).code).toBe(0);
    const unsignedGitlab = documentedPush('gitlab', {
      secret,
      branch: 'main',
      before: base,
      after: base,
    });
    delete unsignedGitlab.headers['x-gitlab-token'];
    for (let i = 0; i < 1000; i++) {
      const call = i % 2 === 0 ? withoutSecret(genuine) : unsignedGitlab;
      // From 8 addresses, each below the route's 300 calls a minute.
      const r = await send(t, id, call, `10.0.0.${i % 8}`);
      expect(r.code).toBe(1);
    }
    // Copies of the signed one are refused as replays, kept in the same few rows.
    for (let i = 0; i < 30; i++) expect(await send(t, id, genuine)).toEqual(REFUSED);
    const after = await log(id);
    expect(after.pagination.total).toBe(22);
    expect(after.list.slice(-2).map((r) => r.reason)).toEqual([
      'not_push_event',
      'auto_deploy_off',
    ]);
    expect(after.unsigned.count).toBe(1000);
    expect(after.unsigned.lastTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await jobCount(id)).toBe(0);
  }, 60_000);
});
