import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeBinaryHubFrame, HubType, Perm, type MonitorRow } from '@ferry/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { LEASE_MS } from './engine/monitor-engine.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  [a, b] = fleet.servers as [SshdServer, SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

/**
 * The engine with process and script monitors on real sshd servers (each a Linux user of this
 * machine, so a file in `dir` is seen alike from here and from the servers), paced by the test:
 * the ticker is an hour away, the clock moves by hand.
 */
describe('monitor engine on real servers', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let idA: number;
  let idB: number;
  /** Flags the scripts read and the marks they leave. */
  let dir: string;
  const started: ChildProcess[] = [];

  beforeEach(async () => {
    t = await buildTestApp({}, { monitorEngine: { tickMs: 3_600_000 } });
    admin = await adminOf(t);
    idA = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
    idB = await addServer(t, admin, serverForm(b, { name: 'beta' }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-monitor-servers-'));
    fs.chmodSync(dir, 0o777);
    // Each server is a user of its own: the marks are open to all of them.
    for (const mark of ['fail', 'success']) {
      fs.writeFileSync(path.join(dir, mark), '');
      fs.chmodSync(path.join(dir, mark), 0o666);
    }
  });
  afterEach(async () => {
    for (const child of started.splice(0)) child.kill('SIGKILL');
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A script that fails on the servers named in `dir/broken` (one name a line). */
  const checkScript = () => `! grep -qx "\${SERVER_NAME}" ${dir}/broken 2>/dev/null || {
  echo "\${SERVER_NAME} is broken"; exit 3; }`;
  const breakServers = (...names: string[]) =>
    fs.writeFileSync(path.join(dir, 'broken'), names.map((n) => `${n}\n`).join(''));
  /** A script that says where it ran and leaves a line in `dir/<mark>`. */
  const markScript = (mark: 'fail' | 'success') =>
    `echo "${mark} on \${SERVER_NAME} as $(whoami)"; echo "\${SERVER_NAME}" >> ${dir}/${mark}`;
  const marks = (mark: 'fail' | 'success') =>
    fs.readFileSync(path.join(dir, mark), 'utf8').split('\n').filter(Boolean);

  async function addMonitor(body: object): Promise<number> {
    const r = await t.call<{ id: number }>('POST', '/monitor/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'svc', second: 10, times: 1, silentCycle: 5, ...body },
    });
    expect(r.code, r.message).toBe(0);
    return r.data.id;
  }
  const scriptMonitor = (extra: object = {}) =>
    addMonitor({
      type: 5,
      target: { items: [String(idA), String(idB)], script: checkScript(), timeout: 10 },
      failScript: markScript('fail'),
      successScript: markScript('success'),
      ...extra,
    });

  async function listed(id: number): Promise<MonitorRow> {
    const r = await t.call<{ list: MonitorRow[] }>('GET', '/monitor/getList', {
      token: admin.token,
      ns: 1,
    });
    return r.data.list.find((m) => m.id === id)!;
  }
  /** The next check: ten seconds on, and every check due then run to its end. */
  async function nextCheck(): Promise<void> {
    t.clock.advance(10_000);
    await t.runDueMonitors();
  }
  const incidents = (id: number) =>
    t.db
      .selectFrom('monitor_incident')
      .selectAll()
      .where('monitor_id', '=', id)
      .orderBy('id')
      .execute();

  it("runs the fail script on the failed item's server when down, the success script on recovery", async () => {
    const id = await scriptMonitor();
    await t.runDueMonitors();
    expect(await listed(id)).toMatchObject({ status: 'up' });
    expect([marks('fail'), marks('success')]).toEqual([[], []]);

    breakServers('beta');
    await nextCheck();
    expect(await listed(id)).toMatchObject({
      status: 'down',
      errorContent: 'beta is broken\n(exit status 3)',
    });
    // Server 0 is the item's server: the failed one alone.
    expect(marks('fail')).toEqual(['beta']);
    const [open] = await incidents(id);
    expect(open).toMatchObject({ end_time: 0, error: 'beta is broken\n(exit status 3)' });
    expect(open!.fail_script_output).toBe(
      `[server ${idB}] exit 0 (${/\((\d+) ms\)/.exec(open!.fail_script_output)![1]} ms)\n` +
        `fail on beta as ${b.user}\n`,
    );

    // Down and failing on: no more fail scripts (not asked for on every failure).
    await nextCheck();
    await nextCheck();
    expect(marks('fail')).toEqual(['beta']);
    expect(marks('success')).toEqual([]);

    breakServers();
    await nextCheck();
    expect(await listed(id)).toMatchObject({ status: 'up', lastError: '' });
    // On recovery the success script runs on every item's server.
    expect(marks('success').sort()).toEqual(['alpha', 'beta']);
    const [closed] = await incidents(id);
    expect(closed!.end_time).toBe(t.clock.now());
    expect(closed!.success_script_output).toContain(`[server ${idA}] exit 0`);
    expect(closed!.success_script_output).toContain(`success on alpha as ${a.user}`);
    expect(closed!.success_script_output).toContain(`[server ${idB}] exit 0`);
    expect(closed!.success_script_output).toContain(`success on beta as ${b.user}`);
    expect(closed!.fail_script_output).toContain('fail on beta');

    // Up and passing on: no success script (not asked for on every pass).
    await nextCheck();
    expect(marks('success')).toHaveLength(2);
  });

  it('runs the fail script on every failure with failScriptAlways, on the chosen server', async () => {
    const id = await scriptMonitor({ times: 3, failScriptAlways: 1, failServerId: idA });
    breakServers('alpha', 'beta');
    await t.runDueMonitors();
    expect(await listed(id)).toMatchObject({ status: 'failing', failCount: 1 });
    expect(marks('fail')).toEqual(['alpha']);
    await nextCheck();
    expect(marks('fail')).toEqual(['alpha', 'alpha']);
    // No outage before `times` failures: the runs so far are kept nowhere.
    expect(await incidents(id)).toEqual([]);

    await nextCheck();
    expect(await listed(id)).toMatchObject({ status: 'down', failCount: 3 });
    expect(marks('fail')).toEqual(['alpha', 'alpha', 'alpha']);
    const [open] = await incidents(id);
    expect(open!.fail_script_output).toContain(`fail on alpha as ${a.user}`);
    expect(open!.fail_script_output).not.toContain('beta');

    await nextCheck();
    expect(marks('fail')).toHaveLength(4);
    expect(marks('success')).toEqual([]);
  });

  it('checks a process on its servers: gone is down, back is up, with the scripts', async () => {
    const name = `ferry-monitored-${randomBytes(4).toString('hex')}`;
    const run = async () => {
      const child = spawn('sh', ['-c', 'sleep 300; true', name], { stdio: 'ignore' });
      started.push(child);
      await new Promise((r) => child.once('spawn', r));
      return child;
    };
    let proc = await run();
    const id = await addMonitor({
      type: 4,
      target: { items: [String(idA)], process: name, timeout: 10 },
      failScript: markScript('fail'),
      successServerId: idB,
      successScript: markScript('success'),
    });
    await t.runDueMonitors();
    expect(await listed(id)).toMatchObject({ status: 'up' });

    proc.kill('SIGKILL');
    await new Promise((r) => proc.once('exit', r));
    await nextCheck();
    expect(await listed(id)).toMatchObject({
      status: 'down',
      errorContent: `No process "${name}" is running on server ${idA}.`,
    });
    expect(marks('fail')).toEqual(['alpha']);
    expect((await incidents(id))[0]!.fail_script_output).toContain(`fail on alpha as ${a.user}`);

    proc = await run();
    await nextCheck();
    expect(await listed(id)).toMatchObject({ status: 'up' });
    expect(marks('success')).toEqual(['beta']);
    expect((await incidents(id))[0]!.success_script_output).toContain(
      `success on beta as ${b.user}`,
    );
  });

  it('keeps the monitor from a second console while a long fail script outlasts the lease', async () => {
    // This console passes often (in real time); the lease goes by the test's clock.
    const first = await buildTestApp({}, { monitorEngine: { tickMs: 20 } }, t);
    const second = await buildTestApp({}, { monitorEngine: { tickMs: 3_600_000 } }, t);
    try {
      const gate = path.join(dir, 'go');
      const r = await first.call<{ id: number }>('POST', '/monitor/add', {
        token: admin.token,
        ns: 1,
        body: {
          name: 'long',
          type: 5,
          target: { items: [String(idA)], script: `echo ran >> ${dir}/fail; exit 1` },
          second: 10,
          times: 1,
          silentCycle: 5,
          failServerId: idB,
          failScript: `echo started >> ${dir}/success; while [ ! -e ${gate} ]; do sleep 0.05; done`,
        },
      });
      expect(r.code, r.message).toBe(0);
      await expect.poll(() => marks('success'), { timeout: 10_000 }).toEqual(['started']);

      // Past half the lease, the first console renews; as long again, past the first lease's end.
      t.clock.advance(LEASE_MS * 0.8);
      await new Promise((resolve) => setTimeout(resolve, 300));
      t.clock.advance(LEASE_MS * 0.8);
      const secondPass = second.runDueMonitors();
      // Time enough for a check the second console took to run its script.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(marks('fail')).toEqual(['ran']);

      // (Overdue by then, the monitor is checked again by the first console: no count after.)
      fs.writeFileSync(gate, '');
      await secondPass;
      await expect
        .poll(async () => (await listed(r.data.id)).status, { timeout: 10_000 })
        .toBe('down');
      expect(await incidents(r.data.id)).toHaveLength(1);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('tells a state change through the hub to members who may see monitors, and no one else', async () => {
    const viewer = await memberOf(t, admin, {
      account: 'viewer',
      namespaceId: 1,
      permissionIds: [Perm.ShowMonitorPage],
    });
    const blind = await memberOf(t, admin, {
      account: 'blind',
      namespaceId: 1,
      permissionIds: [Perm.ShowServerPage],
    });
    const open = async (actor: Actor) => {
      const ws: WebSocket = await t.sockets.injectWS(`/ws/connect?token=${actor.token}&G-N-ID=1`);
      const frames: { type: number; message: Record<string, unknown> }[] = [];
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        const frame = isBinary
          ? decodeBinaryHubFrame(data)
          : (JSON.parse(data.toString('utf8')) as { type: number; message: unknown });
        if (frame?.type === HubType.monitorState || frame?.type === HubType.monitorAlert) {
          frames.push(frame as (typeof frames)[0]);
        }
      });
      return { frames, close: () => ws.terminate() };
    };
    const seen = await open(viewer);
    const unseen = await open(blind);
    try {
      const id = await scriptMonitor();
      await t.runDueMonitors();
      breakServers('alpha');
      await nextCheck();
      await nextCheck(); // still down: no change, no frame
      breakServers();
      await nextCheck();

      await expect
        .poll(() => seen.frames.filter((f) => f.type === HubType.monitorState).length)
        .toBe(3);
      const states = seen.frames.filter((f) => f.type === HubType.monitorState);
      expect(states.map((f) => f.message.status)).toEqual(['up', 'down', 'up']);
      expect(states[1]!.message).toMatchObject({
        monitorId: id,
        failCount: 1,
        error: 'alpha is broken\n(exit status 3)',
      });
      expect(seen.frames.filter((f) => f.type === HubType.monitorAlert)).toEqual([
        {
          type: HubType.monitorAlert,
          message: { monitorId: id, errorContent: 'alpha is broken\n(exit status 3)' },
        },
      ]);
      expect(unseen.frames).toEqual([]);
    } finally {
      seen.close();
      unseen.close();
    }
  });
});
