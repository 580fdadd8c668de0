import { decodeBinaryHubFrame, HubType, watchTopic, type RemoteRunMessage } from '@ferry/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { processesOfUid } from '../../../test/linux-processes.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { startTcpRelay } from '../../../test/tcp-relay.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  [a, b] = fleet.servers as [SshdServer, SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

interface GoployResult {
  serverId: number;
  execRes: boolean;
  stdout: string;
  stderr: string;
}
interface Started {
  runId: number;
  servers: { serverId: number; serverName: string }[];
}
interface RunDetail {
  state: string;
  okCount: number;
  failedCount: number;
  script: string;
  serverList: {
    serverId: number;
    serverName: string;
    state: string;
    exitCode: number | null;
    error: string;
    output: string;
    outputBytes: number;
    durationMs: number;
  }[];
}

/** A hub socket subscribed to the run topics it is given, collecting their frames. */
async function watch(t: TestApp, token: string) {
  const ws: WebSocket = await t.sockets.injectWS(`/ws/connect?token=${token}&G-N-ID=1`);
  const frames: RemoteRunMessage[] = [];
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    const frame = isBinary
      ? decodeBinaryHubFrame(data)
      : (JSON.parse(data.toString('utf8')) as { type: number; message: unknown });
    if (frame?.type === HubType.remoteRun) frames.push(frame.message as RemoteRunMessage);
  });
  return {
    frames,
    subscribe: (topic: string) => ws.send(JSON.stringify({ op: 'subscribe', token: topic })),
    close: () => ws.terminate(),
  };
}

/** The text a server printed on `stream`, as the frames carried it. */
const printed = (frames: RemoteRunMessage[], serverId: number, stream = 'stdout') =>
  frames
    .filter((f) => f.serverId === serverId)
    .flatMap((f) => f.output ?? [])
    .filter((o) => o.stream === stream)
    .map((o) => o.text)
    .join('');

describe('the remote-run engine through /server/execScript', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let idA: number;
  let idB: number;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });
  beforeEach(async () => {
    idA = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
    idB = await addServer(t, admin, serverForm(b, { name: 'beta' }));
  });

  const exec = <T>(body: Record<string, unknown>, token = admin.token) =>
    t.call<T>('POST', '/server/execScript', { token, ns: 1, body });
  const detail = async (id: number) => {
    const r = await t.call<RunDetail>('GET', '/server/getScriptRun', {
      token: admin.token,
      ns: 1,
      query: { id },
    });
    expect(r.code, r.message).toBe(0);
    return r.data;
  };
  const runIds = async () =>
    (await t.db.selectFrom('remote_run').select('id').orderBy('id').execute()).map((r) => r.id);

  it('runs on three servers with one down: two succeed, the down one fails fast with its reason', async () => {
    const relay = await startTcpRelay(b);
    const idDown = await addServer(t, admin, serverForm(relay.server, { name: 'down' }));
    await relay.close();
    const script = 'echo "hello from ${SERVER_NAME} (${SERVER_ID}) as $(id -un)"\necho warn >&2';
    const started = performance.now();
    const r = await exec<GoployResult[]>({ serverIds: [idA, idDown, idB], script });
    expect(r.code, r.message).toBe(0);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(r.data.map((x) => [x.serverId, x.execRes])).toEqual([
      [idA, true],
      [idDown, false],
      [idB, true],
    ]);
    expect(r.data[0]!.stdout).toBe(`hello from alpha (${idA}) as ${a.user}\n`);
    expect(r.data[0]!.stderr).toBe('warn\n');
    expect(r.data[2]!.stdout).toBe(`hello from beta (${idB}) as ${b.user}\n`);
    expect(r.data[1]!.stderr).toMatch(/refused|reach|connect/i);

    const [runId] = await runIds();
    const run = await detail(runId!);
    expect(run.state).toBe('failed');
    expect([run.okCount, run.failedCount]).toEqual([2, 1]);
    expect(run.script).toBe(script);
    const byName = Object.fromEntries(run.serverList.map((s) => [s.serverName, s]));
    expect(byName.alpha).toMatchObject({ state: 'ok', exitCode: 0, error: '' });
    expect(byName.alpha!.output).toBe(`hello from alpha (${idA}) as ${a.user}\nwarn\n`);
    expect(byName.down).toMatchObject({ state: 'unreachable', exitCode: null });
    expect(byName.down!.error).toMatch(/refused|reach|connect/i);
  });

  it('streams every line of each server in order to subscribers, and records the exit status', async () => {
    const hub = await watch(t, admin.token);
    await expect.poll(() => t.hub.size()).toBe(1);
    hub.subscribe(watchTopic('watch-1234'));
    const script = 'for i in $(seq 1 2000); do echo "line $i"; done\nexit 3';
    const r = await exec<Started>({
      serverIds: [idA, idB],
      script,
      stream: 1,
      watchId: 'watch-1234',
    });
    expect(r.code, r.message).toBe(0);
    expect(r.data.servers).toEqual([
      { serverId: idA, serverName: 'alpha' },
      { serverId: idB, serverName: 'beta' },
    ]);
    await expect
      .poll(() => hub.frames.some((f) => f.serverId === 0), { timeout: 20_000 })
      .toBe(true);
    const expected = Array.from({ length: 2000 }, (_, i) => `line ${i + 1}\n`).join('');
    for (const id of [idA, idB]) expect(printed(hub.frames, id)).toBe(expected);
    expect(hub.frames.every((f) => f.runId === r.data.runId)).toBe(true);
    const ends = hub.frames.filter((f) => f.state && f.serverId !== 0);
    expect(ends.filter((f) => f.state === 'failed').map((f) => f.exitCode)).toEqual([3, 3]);
    expect(hub.frames.find((f) => f.serverId === 0)?.state).toBe('failed');
    const run = await detail(r.data.runId);
    for (const s of run.serverList) {
      expect(s).toMatchObject({ state: 'failed', exitCode: 3, error: 'exit status 3' });
      expect(s.output).toBe(expected);
    }
    hub.close();
  });

  it('stops a run: its remote processes end, none left behind', async () => {
    const r = await exec<Started>({
      serverIds: [idA, idB],
      script: 'echo started; sleep 300 & sleep 301; echo never',
      stream: 1,
    });
    expect(r.code, r.message).toBe(0);
    const sleeping = (s: SshdServer) =>
      processesOfUid(s.uid).filter((p) => p.name === 'sleep' && p.state !== 'Z').length;
    await expect.poll(() => sleeping(a) + sleeping(b), { timeout: 10_000 }).toBe(4);
    const stop = await t.call('POST', '/server/stopScript', {
      token: admin.token,
      ns: 1,
      body: { runId: r.data.runId },
    });
    expect(stop.code, stop.message).toBe(0);
    await expect.poll(() => sleeping(a) + sleeping(b), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await detail(r.data.runId)).state).toBe('stopped');
    const run = await detail(r.data.runId);
    for (const s of run.serverList) {
      expect(s.state).toBe('stopped');
      expect(s.output).toBe('started\n');
    }
  });

  it('stops one server alone, and ends a server that passes its time limit', async () => {
    const r = await exec<Started>({
      serverIds: [idA, idB],
      script: 'sleep 30',
      timeout: 2,
      stream: 1,
    });
    await t.call('POST', '/server/stopScript', {
      token: admin.token,
      ns: 1,
      body: { runId: r.data.runId, serverId: idA },
    });
    await expect
      .poll(async () => (await detail(r.data.runId)).state, { timeout: 15_000 })
      .not.toBe('running');
    const states = Object.fromEntries(
      (await detail(r.data.runId)).serverList.map((s) => [s.serverName, [s.state, s.error]]),
    );
    expect(states.alpha).toEqual(['stopped', 'Stopped by a user.']);
    expect(states.beta).toEqual(['timeout', 'Stopped after the time limit of 2 s.']);
  });

  it('keeps the first and last half of an output over 1 MiB and marks the cut', async () => {
    const script = 'echo first; head -c 3145728 /dev/zero | tr "\\0" x; echo; echo last';
    const r = await exec<GoployResult[]>({ serverIds: [idA], script });
    expect(r.code, r.message).toBe(0);
    const [runId] = await runIds();
    const s = (await detail(runId!)).serverList[0]!;
    expect(s.state).toBe('ok');
    expect(s.outputBytes).toBe(3 * 1024 * 1024 + 'first\n\nlast\n'.length);
    expect(s.output.startsWith('first\nxxx')).toBe(true);
    expect(s.output.endsWith('xxx\nlast\n')).toBe(true);
    expect(s.output).toMatch(/\n\[… \d+ bytes of output left out …\]\n/);
    expect(Buffer.byteLength(s.output)).toBeLessThan(1024 * 1024 + 100);
    // The answer (its last MiB of stdout) is too large for the operation log: code and message only.
    const logged = await t.db
      .selectFrom('operation_log')
      .select('response_data')
      .where('api', '=', '/server/execScript')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.response_data)).toMatchObject({ code: 0, message: '' });
    expect(logged.response_data).toMatch(/characters not kept/);
  });

  it('runs sh and python, substitutes every server variable and masks the stored password', async () => {
    const vars = '${SERVER_ID} ${SERVER_NAME} ${SERVER_IP} ${SERVER_PORT} ${SERVER_OWNER}';
    const sh = await exec<GoployResult[]>({
      serverIds: [idA],
      interpreter: 'sh',
      script: `echo "${vars} \${SERVER_PASSWORD}"\necho '${a.password}'`,
    });
    expect(sh.data[0]!.stdout).toBe(`${idA} alpha ${a.host} ${a.port} ${a.user} \n***\n`);
    const py = await exec<GoployResult[]>({
      serverIds: [idB],
      interpreter: 'python',
      script: 'import sys\nprint("${SERVER_NAME}", 6 * 7)\nsys.exit(2)',
    });
    expect(py.data[0]).toMatchObject({ execRes: false, stdout: 'beta 42\n' });
    const stored = await t.db.selectFrom('remote_run_server').select('output').execute();
    expect(JSON.stringify(stored)).not.toContain(a.password);
  });

  it('refuses bad input naming the field, and records nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ serverIds: [], script: 'true' }, /serverIds.*at least one/],
      [{ serverIds: [idA], script: '' }, /script.*empty/],
      [{ serverIds: [idA], script: 'x'.repeat(64 * 1024 + 1) }, /script.*64 KiB/],
      [{ serverIds: [idA], script: 'true', interpreter: 'perl' }, /interpreter/],
      [{ serverIds: [idA], script: 'true', timeout: 0 }, /timeout.*at least 1/],
    ];
    for (const [body, message] of cases) {
      const r = await exec(body);
      expect(r.code, JSON.stringify(body).slice(0, 80)).toBe(10003);
      expect(r.message).toMatch(message);
    }
    const unknown = await exec({ serverIds: [idA, 9999], script: 'touch /tmp/never' });
    expect(unknown.code).toBe(1);
    expect(await runIds()).toEqual([]);
  });
});
