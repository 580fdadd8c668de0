import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { processesOfUid } from '../../../test/linux-processes.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { startTcpRelay } from '../../../test/tcp-relay.js';
import { ExecError, SshError } from '../../infra/ssh/ssh-errors.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 1 }), warmTestDb()]);
  [a] = fleet.servers as [SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

describe('the remote-run engine: a one-off exec on a server', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let id: number;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });
  beforeEach(async () => {
    id = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
  });
  const runCount = async () => (await t.db.selectFrom('remote_run').select('id').execute()).length;

  it('runs the script with sh, the server and given variables substituted in one pass, recording nothing', async () => {
    const script = `echo "\${SERVER_NAME} \${SERVER_ID} $(id -un)"\necho '\${GREETING}'\necho oops >&2\nexit 3`;
    const r = await t.remoteRuns.execOnServer(1, id, script, {
      timeoutS: 10,
      variables: { GREETING: '${SERVER_NAME}', SERVER_NAME: 'not this' },
    });
    expect(r).toMatchObject({
      code: 3,
      signal: null,
      stdout: `alpha ${id} ${a.user}\n\${SERVER_NAME}\n`,
      stderr: 'oops\n',
    });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(await runCount()).toBe(0);
  });

  it('sends the script as it is when told not to substitute', async () => {
    const r = await t.remoteRuns.execOnServer(1, id, "echo '${SERVER_NAME}'", {
      timeoutS: 10,
      substitute: false,
    });
    expect(r.stdout).toBe('${SERVER_NAME}\n');
  });

  it("masks the server's password in stdout and stderr, and keeps the last 64 KiB of each", async () => {
    const script = `echo "pw=${a.password}"; echo "${a.password}" >&2; head -c 100000 /dev/zero | tr '\\0' x; echo end`;
    const r = await t.remoteRuns.execOnServer(1, id, script, { timeoutS: 10 });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('***\n');
    expect(r.stdout).not.toContain(a.password);
    expect(Buffer.byteLength(r.stdout)).toBe(64 * 1024);
    expect(r.stdout.endsWith('xxxend\n')).toBe(true);
    const whole = await t.remoteRuns.execOnServer(1, id, `echo "pw=${a.password}"`, {
      timeoutS: 10,
    });
    expect(whole.stdout).toBe('pw=***\n');
  });

  it('keeps more of the output when told, but never more than 1 MiB', async () => {
    const script = `head -c 200000 /dev/zero | tr '\\0' y; head -c 1100000 /dev/zero | tr '\\0' z >&2`;
    const r = await t.remoteRuns.execOnServer(1, id, script, {
      timeoutS: 10,
      substitute: false,
      keepBytes: 4 * 1024 * 1024,
    });
    expect(Buffer.byteLength(r.stdout)).toBe(200_000);
    expect(Buffer.byteLength(r.stderr)).toBe(1024 * 1024);
  });

  it("refuses another namespace's server and a disabled one, and allows a shared one", async () => {
    const ns2 = await t.call<{ id: number }>('POST', '/namespace/add', {
      token: admin.token,
      ns: 1,
      body: { name: 'two' },
    });
    const other = ns2.data.id;
    const theirs = await addServer(t, admin, serverForm(a, { name: 'theirs' }), other);
    const shared = await addServer(t, admin, serverForm(a, { name: 'shared', namespaceId: 0 }));
    await expect(t.remoteRuns.execOnServer(1, theirs, 'echo no', { timeoutS: 5 })).rejects.toThrow(
      /Server not found/,
    );
    await expect(t.remoteRuns.execOnServer(other, id, 'echo no', { timeoutS: 5 })).rejects.toThrow(
      /Server not found/,
    );
    await expect(t.remoteRuns.execOnServer(1, 999_999, 'echo no', { timeoutS: 5 })).rejects.toThrow(
      /Server not found/,
    );
    const r = await t.remoteRuns.execOnServer(other, shared, 'echo ${SERVER_NAME}', {
      timeoutS: 10,
    });
    expect(r.stdout).toBe('shared\n');

    const off = await t.call('PUT', '/server/toggle', {
      token: admin.token,
      ns: 1,
      body: { id, state: 0 },
    });
    expect(off.code, off.message).toBe(0);
    await expect(t.remoteRuns.execOnServer(1, id, 'echo no', { timeoutS: 5 })).rejects.toThrow(
      /Server not found/,
    );
  });

  it('kills the command on the server at the time limit, and on abort', async () => {
    const sleeping = () =>
      processesOfUid(a.uid).filter((p) => p.name === 'sleep' && p.state !== 'Z').length;
    const started = performance.now();
    const timedOut = t.remoteRuns.execOnServer(1, id, 'sleep 300 & sleep 301', { timeoutS: 1 });
    await expect(timedOut).rejects.toBeInstanceOf(ExecError);
    await expect(timedOut).rejects.toMatchObject({ reason: 'exec_timeout' });
    expect(performance.now() - started).toBeLessThan(10_000);
    await expect.poll(sleeping, { timeout: 10_000 }).toBe(0);

    const stop = new AbortController();
    const aborted = t.remoteRuns.execOnServer(1, id, 'sleep 302', {
      timeoutS: 60,
      signal: stop.signal,
    });
    await expect.poll(sleeping, { timeout: 10_000 }).toBe(1);
    stop.abort();
    await expect(aborted).rejects.toMatchObject({ reason: 'exec_aborted' });
    await expect.poll(sleeping, { timeout: 10_000 }).toBe(0);
  });

  it('rejects with the SSH error when the server cannot be reached', async () => {
    const relay = await startTcpRelay(a);
    const down = await addServer(t, admin, serverForm(relay.server, { name: 'down' }));
    await relay.close();
    const r = t.remoteRuns.execOnServer(1, down, 'echo hi', { timeoutS: 5 });
    await expect(r).rejects.toBeInstanceOf(SshError);
    await expect(r).rejects.toThrow(/refused|reach|connect/i);
  });
});
