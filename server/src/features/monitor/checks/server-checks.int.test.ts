import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MonitorType, monitorTargetObject, type MonitorTarget } from '@ferry/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../../test/factories.js';
import { addServer, serverForm, warmTestDb } from '../../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../../test/sshd-fleet.js';
import { startTcpRelay } from '../../../../test/tcp-relay.js';
import { createMonitorChecks, type MonitorChecks } from './monitor-checks.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 1 }), warmTestDb()]);
  [a] = fleet.servers as [SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

const target = (t: Partial<MonitorTarget> & { items: string[] }) => monitorTargetObject.parse(t);

describe('process and script checks on real servers', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let id: number;
  let checks: MonitorChecks;
  const started: ChildProcess[] = [];
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });
  beforeEach(async () => {
    id = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
    checks = createMonitorChecks({ execOnServer: t.remoteRuns.execOnServer });
  });
  afterEach(() => {
    for (const child of started.splice(0)) child.kill('SIGKILL');
  });

  /** A process on this machine (which the fleet's servers share) whose command line holds `marker`. */
  const runningWith = async (marker: string) => {
    const child = spawn('sh', ['-c', 'sleep 300; true', marker], { stdio: 'ignore' });
    started.push(child);
    await new Promise((r) => child.once('spawn', r));
    return child;
  };
  const processCheck = (items: string[], name: string) =>
    checks.run({ namespaceId: 1 }, MonitorType.process, target({ items, process: name }));
  const scriptCheck = (items: string[], script: string, ns = 1) =>
    checks.run({ namespaceId: ns }, MonitorType.script, target({ items, script, timeout: 5 }));

  it('finds a running process by a fixed part of its command line, and not an absent one', async () => {
    const marker = `ferry-marker-${randomBytes(4).toString('hex')}`;
    await runningWith(`${marker}.a*`);
    const found = await processCheck([String(id)], `${marker}.a*`);
    expect(found).toMatchObject({ ok: true, message: '', items: [{ item: String(id), ok: true }] });
    // A pattern would match this; a fixed string does not.
    expect((await processCheck([String(id)], `${marker}.b`)).ok).toBe(false);
    // The checking script itself holds the name (quoted, in its environment), yet is not found.
    const absent = `ferry-absent-${randomBytes(4).toString('hex')}`;
    const r = await processCheck([String(id)], absent);
    expect(r).toMatchObject({
      ok: false,
      message: `No process "${absent}" is running on server ${id}.`,
    });
  });

  it('keeps a name with quotes and shell syntax harmless, and still matches it literally', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-process-name-'));
    fs.chmodSync(dir, 0o777);
    const pwned = path.join(dir, 'pwned');
    const tag = randomBytes(4).toString('hex');
    const names = [
      `x' ; touch ${pwned} ; echo '${tag}`,
      `$(touch ${pwned})${tag}`,
      `\`touch ${pwned}\`${tag}`,
      `"; touch ${pwned}; "${tag}`,
      `${tag}\\n\\" ENVIRON | & > ${pwned}`,
    ];
    try {
      for (const name of names) {
        const r = await processCheck([String(id)], name);
        expect(r.message, name).toBe(`No process "${name}" is running on server ${id}.`);
      }
      expect(fs.existsSync(pwned)).toBe(false);
      const odd = `it's $(id) "${tag}" \\t * ; |`;
      await runningWith(odd);
      expect((await processCheck([String(id)], odd)).ok).toBe(true);
      expect(fs.existsSync(pwned)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes a script that exits 0 and fails one that does not, with its output and status', async () => {
    const ok = await scriptCheck([String(id)], 'test "${SERVER_NAME}" = alpha');
    expect(ok).toMatchObject({ ok: true, message: '' });
    const r = await scriptCheck([String(id)], 'echo "out of ${SERVER_NAME}"\necho err >&2\nexit 4');
    expect(r).toMatchObject({ ok: false, message: 'out of alpha\nerr\n(exit status 4)' });
    const quiet = await scriptCheck([String(id)], 'exit 2');
    expect(quiet.message).toBe('The script failed with exit status 2.');
    const long = await scriptCheck([String(id)], 'head -c 10000 /dev/zero | tr "\\0" y; exit 1');
    expect(long.message.startsWith('…yyy')).toBe(true);
    expect(long.message.length).toBe(1 + 4096 + '\n(exit status 1)'.length);
    const slow = await scriptCheck([String(id)], 'sleep 30');
    expect(slow.message).toBe('Stopped after the time limit of 5 s.');
  });

  it('fails only the unreachable, unknown and foreign items; the others pass', async () => {
    const relay = await startTcpRelay(a);
    const down = await addServer(t, admin, serverForm(relay.server, { name: 'down' }));
    await relay.close();
    const ns2 = await t.call<{ id: number }>('POST', '/namespace/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'two' },
    });
    const theirs = await addServer(t, admin, serverForm(a, { name: 'theirs' }), ns2.data.id);
    const r = await scriptCheck([String(id), String(down), 'web-1', String(theirs)], 'echo hi');
    expect(r.ok).toBe(false);
    expect(r.items.map((i) => i.ok)).toEqual([true, false, false, false]);
    expect(r.items[1]!.message).toMatch(
      new RegExp(`^Server ${down}: .*(refused|reach|connect)`, 'i'),
    );
    expect(r.items[2]!.message).toBe('"web-1" is not a server id.');
    expect(r.items[3]!.message).toBe(`Server ${theirs}: Server not found or not in this namespace`);
    expect(r.message).toBe(r.items[1]!.message);
    // The other namespace may check its own server.
    expect((await scriptCheck([String(theirs)], 'echo hi', ns2.data.id)).ok).toBe(true);
  });
});
