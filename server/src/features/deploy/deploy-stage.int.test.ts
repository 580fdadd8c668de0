import { HubType } from '@ferry/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { addDeployProject, deployMountPoint, traceOf } from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  origin = await createGitOrigin();
  await origin.commit({ 'index.html': 'one' }, 'first commit');
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

interface Progress {
  state: number;
  stage: string;
  status: string;
  stageKey: string;
  stageSince: number;
}

describe('the running stage', () => {
  it('is named after pull by the progress answer and the hub frames while the build runs', async () => {
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers,
      mountAt,
      project: { script: { afterPull: { mode: 'bash', content: 'sleep 2' } } },
    });
    const ws = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
    const frames: Array<{ type: number; message: Record<string, unknown> }> = [];
    ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString()) as (typeof frames)[0]));
    await expect.poll(() => t.hub.size()).toBe(1);
    const published = await t.call<{ token: string }>('POST', '/deploy/publish', {
      token: admin.token,
      ns: 1,
      body: { projectId },
    });
    const token = published.data.token;
    const progress = async () =>
      (
        await t.call<Progress>('GET', '/deploy/getPublishProgress', {
          token: admin.token,
          ns: 1,
          query: { lastPublishToken: token },
        })
      ).data;

    await expect
      .poll(async () => (await progress()).stageKey, { timeout: 15_000 })
      .toBe('afterPull');
    const during = await progress();
    expect(during).toMatchObject({ state: 1, stage: 'After Pull', status: 'running' });
    expect(during.stageSince).toBeGreaterThan(0);
    // The build is still running: the trace has the pull row, not yet an after-pull one.
    expect((await traceOf(t, admin, token)).map((r) => r.type)).not.toContain(3);
    const last = frames.filter((f) => f.type === HubType.deployProgress).at(-1);
    expect(last?.message).toMatchObject({ token, stage: 'afterPull', status: 'running' });
    expect(last?.message.stageSince).toBe(during.stageSince);

    await t.deployQueue.idle();
    expect(await progress()).toMatchObject({
      state: 2,
      stage: 'Publish Finish',
      stageKey: 'finish',
      stageSince: 0,
    });
    ws.terminate();
  }, 40_000);
});
