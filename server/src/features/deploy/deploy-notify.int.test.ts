import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  publishAndWait,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let receiver: Receiver;
let head: string;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  origin = await createGitOrigin();
  head = await origin.commit({ 'index.html': 'one' }, 'Cache the home page');
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
  receiver.received.length = 0;
  return () => t.close();
});

/** Every string inside a JSON value, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('deploy notifications', () => {
  it("tell the project's DingTalk channel of a success, rendered and signed", async () => {
    const secret = 'SEC-ding-signing';
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers,
      mountAt,
      project: {
        name: 'shop',
        notifyType: 2,
        notifyTarget: receiver.url('/robot/send?access_token=tok-1'),
        notifySecret: secret,
      },
    });
    await publishAndWait(t, admin, { projectId });
    await expect.poll(() => receiver.at('/robot/send').length).toBe(1);
    const request = receiver.at('/robot/send')[0]!;
    const query = new URL(request.url, 'http://x').searchParams;
    const sign = createHmac('sha256', secret)
      .update(`${query.get('timestamp')}\n${secret}`)
      .digest('base64');
    expect(query.get('sign')).toBe(sign);
    const { markdown } = request.json as { markdown: { title: string; text: string } };
    expect(markdown.title).toBe('Deploy shop');
    const server = fleet.servers[0]!;
    for (const part of [
      '#### Deploy shop',
      '- Publisher: admin',
      `- Commit: ${head.slice(0, 7)} Cache the home page`,
      '- Branch: origin/main',
      `(${server.host})`,
      '<font color=#52c41a>success</font>',
    ]) {
      expect(markdown.text).toContain(part);
    }
    expect(markdown.text).not.toContain('Detail');
  });

  it("give a custom webhook goploy's data of a failure, with no stored secret anywhere", async () => {
    const hookSecret = 'SEC-custom-hmac';
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers,
      mountAt,
      project: {
        name: 'shop',
        notifyType: 255,
        notifyTarget: receiver.url('/hook'),
        notifySecret: hookSecret,
        script: { afterPull: { mode: 'bash', content: 'echo broken >&2; exit 3' } },
      },
    });
    const token = await publishAndWait(t, admin, { projectId });
    await expect.poll(() => receiver.at('/hook').length).toBe(1);
    const hook = receiver.at('/hook')[0]!;
    const signature = createHmac('sha256', hookSecret).update(hook.body).digest('hex');
    expect(hook.headers['x-ferry-signature']).toBe(`sha256=${signature}`);
    const { data } = hook.json as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      DeployState: 3,
      Project: { id: projectId, name: 'shop', lastPublishToken: token, publisherName: 'admin' },
      ProjectServers: [{ serverName: expect.any(String), serverIP: fleet.servers[0]!.host }],
      CommitInfo: { commit: head, branch: 'origin/main' },
    });
    expect(data.DeployDetail).toMatch(/after pull/);

    const secrets = [hookSecret, ...fleet.servers.map((s) => s.password)];
    const shown = strings(hook.json);
    for (const secret of secrets) expect(shown.some((s) => s.includes(secret))).toBe(false);
    const log = await t.call('GET', '/notification/getDeliveryList', { token: admin.token, ns: 1 });
    expect(log.data).toMatchObject({ list: [{ subject: 'shop deploy failed', state: 'sent' }] });
    for (const secret of secrets) expect(JSON.stringify(log.data)).not.toContain(secret);
  });

  it('send nothing when the project has no channel', async () => {
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers,
      mountAt,
    });
    await publishAndWait(t, admin, { projectId });
    const log = await t.call<{ list: unknown[] }>('GET', '/notification/getDeliveryList', {
      token: admin.token,
      ns: 1,
    });
    expect(log.data.list).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});
