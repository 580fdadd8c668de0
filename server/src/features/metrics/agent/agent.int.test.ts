import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { decodeBinaryHubFrame, watchTopic } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createSecretBox } from '../../../core/crypto.js';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../../test/factories.js';
import { processesOfUid } from '../../../../test/linux-processes.js';
import { addServer, serverForm, warmTestDb } from '../../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../../test/sshd-fleet.js';

/** A small real collector: three samples, the load read on the server. */
const COLLECTOR = [
  '#!/bin/sh',
  'echo "1 cpu_usage 12.5"',
  'echo "2 ram_usage 40"',
  'echo "3 loadavg_1m $(cut -d" " -f1 /proc/loadavg)"',
  '',
].join('\n');
const AGENT_PROGRAMS = ['sh', 'sleep', 'curl', 'wget'];

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
let t: TestApp;
let admin: Actor;
let reportUrl: string;
let syncClock: NodeJS.Timeout | undefined;

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  [a, b] = fleet.servers as [SshdServer, SshdServer];
  t = await buildTestApp({}, { metricsCollector: () => COLLECTOR });
  admin = await adminOf(t);
  reportUrl = await t.fastify.listen({ port: 0, host: '127.0.0.1' });
  // The agents sign with the real time: the console's clock follows it.
  syncClock = setInterval(() => t.clock.advance(Math.max(0, Date.now() - t.clock.now())), 100);
}, 60_000);
afterAll(async () => {
  clearInterval(syncClock);
  await t?.close();
  await fleet?.stopAll();
});

/** Hub frames of the topic `watch:<id>`, as text. */
async function watch(id: string) {
  const ws: WebSocket = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
  const texts: string[] = [];
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    texts.push(JSON.stringify(isBinary ? decodeBinaryHubFrame(data) : data.toString('utf8')));
  });
  await expect.poll(() => t.hub.size()).toBeGreaterThan(0);
  ws.send(JSON.stringify({ op: 'subscribe', token: watchTopic(id) }));
  return { texts, close: () => ws.terminate() };
}

const source = (serverId: number) =>
  t.db
    .selectFrom('server_metric_source')
    .selectAll()
    .where('server_id', '=', serverId)
    .executeTakeFirst();
const sampleTimes = async (serverId: number) =>
  new Set(
    (
      await t.db
        .selectFrom('server_metric')
        .select('time')
        .where('server_id', '=', serverId)
        .where('item', '=', 'cpu_usage')
        .execute()
    ).map((r) => Number(r.time)),
  );
const agentProcesses = (s: SshdServer) =>
  processesOfUid(s.uid).filter((p) => AGENT_PROGRAMS.includes(p.name));
const agentDir = (s: SshdServer) => path.join(s.dir, 'home', '.ferry-agent');
/** The lines of the server user's crontab that start the agent at boot ('' without crontab). */
const bootLines = (s: SshdServer) =>
  spawnSync('crontab', ['-l', '-u', s.user], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((l) => l.includes('# ferry-agent '));
const hasCrontab = spawnSync('sh', ['-c', 'command -v crontab']).status === 0;

describe('the push agent on real servers', { timeout: 120_000 }, () => {
  it('installs on two servers with a key each, reports signed samples, and uninstalls leaving nothing', async () => {
    const idA = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
    const idB = await addServer(t, admin, serverForm(b, { name: 'beta' }));
    const hub = await watch('agent-install-1');

    const install = await t.call<{ runId: number; servers: unknown[] }>(
      'POST',
      '/server/installAgent',
      {
        token: admin.token,
        ns: 1,
        body: { ids: [idA, idB], reportURL: reportUrl, interval: 10, watchId: 'agent-install-1' },
      },
    );
    expect(install.code, install.message).toBe(0);
    expect(install.data.servers).toHaveLength(2);
    await expect
      .poll(async () => [(await source(idA))?.agent_state, (await source(idB))?.agent_state], {
        timeout: 60_000,
        interval: 250,
      })
      .toEqual(['installed', 'installed']);

    const box = createSecretBox(Buffer.alloc(32, 7));
    const [rowA, rowB] = [(await source(idA))!, (await source(idB))!];
    expect([rowA.mode, rowB.mode]).toEqual(['push', 'push']);
    expect(rowA.agent_path).toBe('~/.ferry-agent');
    const keyA = box.open(rowA.agent_key);
    const keyB = box.open(rowB.agent_key);
    expect(keyA).not.toBe(keyB);
    expect(fs.readFileSync(path.join(agentDir(a), 'agent.key'), 'utf8').trim()).toBe(keyA);
    expect(fs.statSync(path.join(agentDir(a), 'agent.key')).mode & 0o777).toBe(0o600);

    // The install's first report, then the loop's own reports, every 10 s.
    await expect
      .poll(async () => (await sampleTimes(idA)).size, { timeout: 40_000, interval: 500 })
      .toBeGreaterThanOrEqual(2);
    expect((await sampleTimes(idB)).size).toBeGreaterThanOrEqual(1);
    expect(agentProcesses(a).length).toBeGreaterThan(0);
    // Started again at boot where crontab exists: one line each.
    if (hasCrontab) expect([bootLines(a).length, bootLines(b).length]).toEqual([1, 1]);

    // SECURITY: no key in the answer, the frames or the record.
    const run = await t.db
      .selectFrom('remote_run')
      .selectAll()
      .where('id', '=', install.data.runId)
      .executeTakeFirstOrThrow();
    const parts = await t.db
      .selectFrom('remote_run_server')
      .selectAll()
      .where('run_id', '=', run.id)
      .execute();
    const seen = [
      JSON.stringify(install),
      hub.texts.join('\n'),
      JSON.stringify(run),
      JSON.stringify(parts),
    ];
    expect(run.kind).toBe('agent');
    expect(hub.texts.join('\n')).toContain('accepted');
    for (const text of seen) {
      expect(text).not.toContain(keyA);
      expect(text).not.toContain(keyB);
    }
    hub.close();

    // Installing again replaces the agent and its key; one loop runs.
    const again = await t.call('POST', '/server/installAgent', {
      token: admin.token,
      ns: 1,
      body: { ids: [idA], reportURL: reportUrl, interval: 10 },
    });
    expect(again.code, again.message).toBe(0);
    await expect
      .poll(async () => (await source(idA))?.agent_state, { timeout: 60_000 })
      .toBe('installed');
    expect(box.open((await source(idA))!.agent_key)).not.toBe(keyA);
    if (hasCrontab) expect(bootLines(a)).toHaveLength(1);
    // The supervisor starts the loop again when it dies.
    const supervisor = Number(fs.readFileSync(path.join(agentDir(a), 'agent.pid'), 'utf8'));
    const loops = () =>
      processesOfUid(a.uid)
        .filter((p) => p.ppid === supervisor && p.name === 'sh')
        .map((p) => p.pid);
    await expect.poll(loops).toHaveLength(1);
    const [first] = loops();
    process.kill(first!, 'SIGKILL');
    await expect
      .poll(() => loops().filter((pid) => pid !== first), { timeout: 15_000 })
      .toHaveLength(1);

    const uninstall = await t.call('POST', '/server/uninstallAgent', {
      token: admin.token,
      ns: 1,
      body: { ids: [idA, idB] },
    });
    expect(uninstall.code, uninstall.message).toBe(0);
    await expect
      .poll(async () => [(await source(idA))?.agent_state, (await source(idB))?.agent_state], {
        timeout: 60_000,
        interval: 250,
      })
      .toEqual(['none', 'none']);
    const after = (await source(idA))!;
    expect([after.mode, after.agent_key, after.agent_path]).toEqual(['pull', '', '']);
    await expect
      .poll(() => agentProcesses(a).concat(agentProcesses(b)), { timeout: 10_000 })
      .toEqual([]);
    expect(fs.existsSync(agentDir(a))).toBe(false);
    expect(fs.existsSync(agentDir(b))).toBe(false);
    expect([...bootLines(a), ...bootLines(b)]).toEqual([]);

    // Uninstalling again finds nothing and says so, successfully.
    const twice = await t.call<{ runId: number }>('POST', '/server/uninstallAgent', {
      token: admin.token,
      ns: 1,
      body: { ids: [idA] },
    });
    expect(twice.code, twice.message).toBe(0);
    const runState = async () =>
      (
        await t.db
          .selectFrom('remote_run')
          .select('state')
          .where('id', '=', twice.data.runId)
          .executeTakeFirstOrThrow()
      ).state;
    await expect.poll(runState, { timeout: 30_000 }).toBe('ok');
  });

  it("reports at the server's own collection interval when the install names none, as goploy's form", async () => {
    const id = await addServer(t, admin, serverForm(b, { name: 'own-interval' }));
    const edit = await t.call('PUT', '/server/editMetricsSource', {
      token: admin.token,
      ns: 1,
      body: { serverId: id, mode: 'pull', interval: 15 },
    });
    expect(edit.code, edit.message).toBe(0);
    const install = await t.call('POST', '/server/installAgent', {
      token: admin.token,
      ns: 1,
      body: { ids: [id], reportURL: reportUrl },
    });
    expect(install.code, install.message).toBe(0);
    await expect
      .poll(async () => (await source(id))?.agent_state, { timeout: 60_000, interval: 250 })
      .toBe('installed');
    expect(await source(id)).toMatchObject({ mode: 'push', interval_s: 15 });
    expect(fs.readFileSync(path.join(agentDir(b), 'agent.conf'), 'utf8')).toContain(
      'interval=15\n',
    );
    const uninstall = await t.call('POST', '/server/uninstallAgent', {
      token: admin.token,
      ns: 1,
      body: { ids: [id] },
    });
    expect(uninstall.code, uninstall.message).toBe(0);
    await expect
      .poll(async () => (await source(id))?.agent_state, { timeout: 60_000, interval: 250 })
      .toBe('none');
  });

  it('fails an install whose first report cannot reach the console, saying why, and leaves no agent running', async () => {
    const id = await addServer(t, admin, serverForm(a, { name: 'unreachable-console' }));
    const hub = await watch('agent-install-2');
    const install = await t.call('POST', '/server/installAgent', {
      token: admin.token,
      ns: 1,
      // Nothing listens on the discard port.
      body: {
        ids: [id],
        reportURL: 'http://127.0.0.1:9',
        interval: 10,
        watchId: 'agent-install-2',
      },
    });
    expect(install.code, install.message).toBe(0);
    await expect
      .poll(async () => (await source(id))?.agent_state, { timeout: 60_000, interval: 250 })
      .toBe('failed');
    const row = (await source(id))!;
    expect(row.mode).toBe('pull');
    expect(row.agent_error).toMatch(
      /could not be reached at http:\/\/127\.0\.0\.1:9 \(exit status \d+\)/,
    );
    await expect.poll(() => hub.texts.join('\n')).toMatch(/could not be reached/);
    hub.close();
    expect(agentProcesses(a)).toEqual([]);
    if (hasCrontab) expect(bootLines(a)).toEqual([]);

    const uninstall = await t.call('POST', '/server/uninstallAgent', {
      token: admin.token,
      ns: 1,
      body: { ids: [id] },
    });
    expect(uninstall.code, uninstall.message).toBe(0);
    await expect
      .poll(async () => (await source(id))?.agent_state, { timeout: 60_000 })
      .toBe('none');
    expect(fs.existsSync(agentDir(a))).toBe(false);
  });
});
