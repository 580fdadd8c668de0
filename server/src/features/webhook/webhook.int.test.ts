import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { addDeployProject, deployMountPoint, readOn } from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';
import { documentedPush, type DocumentedProvider } from '../../../test/webhook-examples.js';
import { deliver, resetSecret, send, type Provider } from '../../../test/webhook-fixtures.js';

const mountAt = deployMountPoint();
const REFUSED = { code: 1, message: 'Webhook refused', reason: 'webhook_refused', data: null };
let fleet: SshdFleet;
let origin: GitOrigin;
let head: string;
let t: TestApp;
let admin: Actor;
let serverIds: number[];

beforeAll(async () => {
  [fleet, origin] = await Promise.all([startSshdFleet({ count: 1, mountAt }), createGitOrigin()]);
  head = await origin.commit({ 'index.html': 'one' }, 'First page');
  await origin.branch('feature/x');
  t = await buildTestApp();
  admin = await adminOf(t);
}, 60_000);
afterAll(async () => {
  await t?.deployQueue.idle();
  await t?.close();
  await fleet?.stopAll();
  origin?.cleanup();
});

/** A project deploying `origin` to the fleet, webhook switched on, with a fresh secret. */
async function hookedProject(name: string, opts: { branch?: string; autoDeploy?: 0 | 1 } = {}) {
  let projectId: number;
  if (serverIds) {
    const r = await t.call<{ id: number }>('POST', '/project/add', {
      token: admin.token,
      ns: 1,
      body: {
        name,
        repoType: 'git',
        url: origin.url,
        path: `${mountAt}/${name}`,
        environment: 1,
        branch: opts.branch ?? 'main',
        serverIds,
      },
    });
    projectId = r.data.id;
  } else {
    const added = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers,
      mountAt,
      project: { name, ...(opts.branch ? { branch: opts.branch } : {}) },
    });
    projectId = added.projectId;
    serverIds = added.serverIds;
  }
  await t.call('PUT', '/project/setAutoDeploy', {
    token: admin.token,
    ns: 1,
    body: { id: projectId, autoDeploy: opts.autoDeploy ?? 1 },
  });
  return { projectId, secret: await resetSecret(t, admin, projectId) };
}

interface DeliveryRow {
  provider: string;
  event: string;
  deliveryId: string;
  branch: string;
  commitId: string;
  accepted: boolean;
  reason: string;
  token: string;
}

async function deliveries(projectId: number): Promise<DeliveryRow[]> {
  const r = await t.call<{ list: DeliveryRow[] }>('GET', '/project/getWebhookDeliveryList', {
    token: admin.token,
    ns: 1,
    query: { id: projectId, rows: 100 },
  });
  expect(r.code).toBe(0);
  return r.data.list;
}

const jobOf = (token: string) =>
  t.db.selectFrom('job').selectAll().where('token', '=', token).executeTakeFirst();

const PROVIDERS: Provider[] = [
  'github',
  'github-form',
  'gitlab',
  'gitee',
  'gitee-password',
  'codeup',
  'svn',
];

describe('POST /deploy/webhook', () => {
  it('runs a signed GitHub push to success as "webhook", naming the delivery', async () => {
    const { projectId, secret } = await hookedProject('first');
    const r = await deliver(t, projectId, 'github', {
      secret,
      after: head,
      deliveryId: 'gh-delivery-1',
    });
    expect(r).toMatchObject({ code: 0, message: 'receive push signal' });
    const [row] = await deliveries(projectId);
    expect(row).toMatchObject({
      provider: 'github',
      event: 'push',
      deliveryId: 'gh-delivery-1',
      branch: 'main',
      commitId: head,
      accepted: true,
      reason: '',
    });
    await t.deployQueue.idle();
    const job = await jobOf(row!.token);
    expect(job?.status).toBe('succeeded');
    expect(JSON.parse(job!.payload)).toMatchObject({
      publisher: { id: 0, name: 'webhook' },
      trigger: 'webhook',
      ref: head,
      branch: 'origin/main',
    });
    const project = await t.db
      .selectFrom('project')
      .select(['publisher_name', 'last_publish_token', 'deploy_state'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(project).toEqual({
      publisher_name: 'webhook',
      last_publish_token: row!.token,
      deploy_state: 2,
    });
  });

  it("accepts each provider's push signed with the secret and refuses a wrong or missing one", async () => {
    const { projectId, secret } = await hookedProject('signed');
    for (const provider of PROVIDERS) {
      const ref = provider === 'svn' ? 'main' : 'refs/heads/main';
      const good = await deliver(t, projectId, provider, { secret, ref });
      expect([provider, good.code]).toEqual([provider, 0]);
      const wrong = await deliver(t, projectId, provider, { secret: `${secret}x`, ref });
      expect([provider, wrong]).toEqual([provider, REFUSED]);
      const missing = await deliver(t, projectId, provider, { ref });
      expect([provider, missing]).toEqual([provider, REFUSED]);
    }
    const rows = (await deliveries(projectId)).reverse();
    expect(rows.map((r) => [r.provider, r.accepted, r.reason])).toEqual(
      PROVIDERS.flatMap((p) => {
        const provider = p.replace(/-.*/, '');
        return [
          [provider, true, ''],
          [provider, false, 'signature_invalid'],
          [provider, false, 'signature_missing'],
        ];
      }),
    );
    const tokens = rows.filter((r) => r.accepted).map((r) => r.token);
    for (const token of tokens) {
      expect(JSON.parse((await jobOf(token))!.payload)).toMatchObject({ trigger: 'webhook' });
    }
    const jobs = await t.db.selectFrom('job').select('token').execute();
    expect(jobs.filter((j) => tokens.includes(j.token))).toHaveLength(PROVIDERS.length);
  });

  it('refuses a Gitee signature more than 5 minutes old, and an old secret after a reset', async () => {
    const { projectId, secret } = await hookedProject('rotated');
    const old = await deliver(t, projectId, 'gitee', {
      secret,
      timestamp: t.clock.now() - 6 * 60 * 1000,
    });
    expect(old).toEqual(REFUSED);
    await resetSecret(t, admin, projectId);
    expect(await deliver(t, projectId, 'gitlab', { secret })).toEqual(REFUSED);
    const reasons = (await deliveries(projectId)).map((r) => r.reason);
    expect(reasons).toEqual(['signature_invalid', 'signature_expired']);
  });

  it('deploys a push to feature/x to the project on that branch, and no other', async () => {
    const { projectId, secret } = await hookedProject('feature', { branch: 'feature/x' });
    const other = await deliver(t, projectId, 'gitlab', { secret, ref: 'refs/heads/x' });
    expect(other).toEqual(REFUSED);
    const same = await deliver(t, projectId, 'gitlab', { secret, ref: 'refs/heads/feature/x' });
    expect(same.code).toBe(0);
    const [accepted, refused] = await deliveries(projectId);
    expect(refused).toMatchObject({ branch: 'x', accepted: false, reason: 'branch_mismatch' });
    expect(accepted).toMatchObject({ branch: 'feature/x', accepted: true });
    const job = await jobOf(accepted!.token);
    expect(JSON.parse(job!.payload)).toMatchObject({ branch: 'origin/feature/x' });
  });

  it('ignores other events, refuses tag pushes and pushes while auto deploy is off', async () => {
    const { projectId, secret } = await hookedProject('quiet', { autoDeploy: 0 });
    expect(await deliver(t, projectId, 'github', { secret, event: 'ping' })).toMatchObject({
      code: 0,
      message: 'ignored',
    });
    expect(await deliver(t, projectId, 'github', { secret })).toEqual(REFUSED);
    await t.call('PUT', '/project/setAutoDeploy', {
      token: admin.token,
      ns: 1,
      body: { id: projectId, autoDeploy: 1 },
    });
    expect(await deliver(t, projectId, 'github', { secret, ref: 'refs/tags/v1' })).toEqual(REFUSED);
    const rows = await deliveries(projectId);
    expect(rows.map((r) => [r.event, r.accepted, r.reason, r.token])).toEqual([
      ['push', false, 'tag_push', ''],
      ['push', false, 'auto_deploy_off', ''],
      ['ping', false, 'not_push_event', ''],
    ]);
  });

  it('never deploys a removed or disabled project, answering as for a project that does not exist', async () => {
    const removed = await hookedProject('removed');
    const disabled = await hookedProject('disabled');
    await t.call('DELETE', '/project/remove', {
      token: admin.token,
      ns: 1,
      body: { id: removed.projectId },
    });
    // A row switched off in the database (as goploy's state 0), its bindings still in place.
    await t.db
      .updateTable('project')
      .set({ state: 0 })
      .where('id', '=', disabled.projectId)
      .execute();
    // In id order: read bare, SQLite walks (status, id), and an earlier test's deploy ending
    // between the two reads would reorder the same rows.
    const jobIds = () => t.db.selectFrom('job').select('id').orderBy('id').execute();
    const before = await jobIds();
    for (const p of [removed, disabled]) {
      expect(await deliver(t, p.projectId, 'github', { secret: p.secret })).toEqual(REFUSED);
    }
    expect(await deliver(t, 999_999, 'github', { secret: removed.secret })).toEqual(REFUSED);
    expect(await jobIds()).toEqual(before);
    const rows = await t.db
      .selectFrom('webhook_delivery')
      .select(['project_id', 'reason'])
      .where('project_id', 'in', [removed.projectId, disabled.projectId, 999_999])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { project_id: removed.projectId, reason: 'project_removed' },
      { project_id: disabled.projectId, reason: 'project_removed' },
    ]);
  });

  it('takes unsigned pushes only for a project that has no secret (made before secrets)', async () => {
    const { projectId } = await hookedProject('legacy');
    await t.db
      .updateTable('project')
      .set({ webhook_secret: '' })
      .where('id', '=', projectId)
      .execute();
    expect((await deliver(t, projectId, 'github')).code).toBe(0);
    const list = await t.call<{ list: Array<{ hasWebhookSecret: boolean; id: number }> }>(
      'GET',
      '/project/getList',
      { token: admin.token, ns: 1 },
    );
    expect(list.data.list.find((p) => p.id === projectId)?.hasWebhookSecret).toBe(false);
  });

  it("deploys each provider's documented push once, and a new commit pushed after a replay", async () => {
    const { projectId, secret } = await hookedProject('documented');
    const [server] = fleet.servers;
    const { path } = await t.db
      .selectFrom('project')
      .select('path')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const page = () => readOn(server!, `${path.slice(mountAt.length + 1)}/index.html`);
    let before = head;
    const shown: Array<[string, number, string]> = [];
    const providers: DocumentedProvider[] = ['github', 'gitlab', 'gitee', 'gitee-password', 'svn'];
    for (const [i, provider] of providers.entries()) {
      const after = await origin.commit({ 'index.html': provider }, `Page of ${provider}`);
      const push = documentedPush(provider, { secret, branch: 'main', before, after, revision: i });
      before = after;
      const answer = await send(t, projectId, push);
      await t.deployQueue.idle();
      const replay = await send(t, projectId, push);
      shown.push([provider, answer.code, page()]);
      expect([provider, replay]).toEqual([provider, REFUSED]);
    }
    expect(shown).toEqual(providers.map((p) => [p, 0, p]));
    const rows = (await deliveries(projectId)).reverse();
    expect(rows.map((r) => [r.provider, r.accepted, r.reason])).toEqual(
      providers.flatMap((p) => {
        const provider = p.replace(/-.*/, '');
        return [
          [provider, true, ''],
          [provider, false, 'replayed'],
        ];
      }),
    );
    const jobs = await Promise.all(rows.filter((r) => r.accepted).map((r) => jobOf(r.token)));
    expect(jobs.map((j) => j?.status)).toEqual(providers.map(() => 'succeeded'));

    const next = await origin.commit({ 'index.html': 'after the replays' }, 'Next page');
    const r = await deliver(t, projectId, 'github', { secret, after: next, deliveryId: 'gh-next' });
    expect(r.code).toBe(0);
    await t.deployQueue.idle();
    expect(page()).toBe('after the replays');
  }, 30_000);

  it('names the field of a bad project id', async () => {
    const res = await t.fastify.inject({ method: 'POST', url: '/deploy/webhook?project_id=x' });
    expect(res.json()).toMatchObject({ code: 10003, message: 'project_id must be a number' });
  });
});
