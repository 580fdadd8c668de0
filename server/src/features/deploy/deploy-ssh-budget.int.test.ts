import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  jobStatus,
  readOn,
} from '../../../test/deploy-fixtures.js';
import { adminOf } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';
import { startTcpRelay } from '../../../test/tcp-relay.js';
import { openXterm, type XtermClient } from '../../../test/xterm-client.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  origin = await createGitOrigin();
  await origin.commit({ 'a.txt': 'budget' }, 'one');
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
});

describe('the per-server SSH connection budget', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('keeps a deploy, open terminals and commands on one server within the cap, and the deploy succeeds', async () => {
    t = await buildTestApp({ FERRY_SSH_MAX_CONNECTIONS_PER_SERVER: '4' });
    const admin = await adminOf(t);
    const relay = await startTcpRelay(fleet.servers[0]!);
    try {
      const { projectId, serverIds } = await addDeployProject(t, admin, {
        origin,
        servers: [relay.server],
        mountAt,
      });
      const serverId = serverIds[0]!;
      const terminals: XtermClient[] = [];
      for (let i = 0; i < 2; i++) {
        const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
        term.ws.send('echo rea""dy\r');
        await term.waitFor(/[\r\n]ready\r\n/, 20_000);
        terminals.push(term);
      }
      const usable = { id: serverId, namespaceId: 0, name: 'relay', ip: '', port: 0, owner: '' };
      const commands = Array.from({ length: 3 }, () =>
        t.serverAccess.exec(usable, { script: 'sleep 2; echo done' }, { timeoutMs: 60_000 }),
      );
      const published = await t.call<{ token: string }>('POST', '/deploy/publish', {
        token: admin.token,
        ns: 1,
        body: { projectId },
      });
      expect(published.code).toBe(0);
      for (const r of await Promise.all(commands)) expect(r.stdout.trim()).toBe('done');
      // Two terminals and the commands' pooled connection leave one slot: the deploy (its own
      // connection and rsync's) waits until a terminal closes. Given time to run regardless.
      const status = () => jobStatus(t, published.data.token);
      for (let i = 0; i < 60 && ['queued', 'running'].includes(await status()); i++) {
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(relay.most()).toBeLessThanOrEqual(4);
      terminals[0]!.ws.terminate();
      await terminals[0]!.closed;
      await t.deployQueue.idle();
      const job = await t.db
        .selectFrom('job')
        .select(['status', 'error'])
        .where('token', '=', published.data.token)
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'succeeded', error: '' });
      expect(readOn(relay.server, 'app/a.txt')).toBe('budget');
      expect(relay.most()).toBeLessThanOrEqual(4);
      terminals[1]!.ws.terminate();
    } finally {
      await relay.close();
    }
  }, 120_000);
});
