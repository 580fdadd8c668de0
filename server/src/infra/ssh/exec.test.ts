import { Writable } from 'node:stream';
import type { Client, ClientChannel } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOfUid, signalEach } from '../../../test/linux-processes.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { connectSsh } from './connect.js';
import { execSsh } from './exec.js';
import { wrapKillOnClose } from './kill-on-close.js';
import { ExecError } from './ssh-errors.js';
import { passwordLogin } from '../../../test/sshd-login.js';

let fleet: SshdFleet | undefined;
let server: SshdServer;
let client: Client;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  server = fleet.servers[0]!;
  client = await connectSsh({
    host: server.host,
    port: server.port,
    user: server.user,
    auth: { kind: 'key', privateKey: server.keys.plain.privateKey },
  });
}, 30_000);
afterAll(async () => {
  client?.end();
  await fleet?.stopAll();
});

/** The test user's processes named `name`, as `pgrep -u <user> <name>` lists them. */
const remote = (name: string) => processesOfUid(server.uid, name).map((p) => p.pid);

/** Polls (20 ms) until no process of the test user is named `name`; fails after 2 s. */
async function expectNoneLeft(name: string): Promise<void> {
  await expect.poll(() => remote(name), { timeout: 2000, interval: 20 }).toEqual([]);
}

/** The ExecError a run rejects with. */
async function rejection(run: Promise<unknown>): Promise<ExecError> {
  const err: unknown = await run.then(
    () => new Error('resolved although it should not'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExecError);
  return err as ExecError;
}

const hostile = [
  "it's",
  '"quoted"',
  '$(id)',
  '`id`',
  '${HOME}',
  'a\nb',
  '*',
  '-n',
  '--',
  '',
  'ünïcødé ✓ 🚀',
  'a; echo pwned',
  '\\',
];

describe('execSsh', () => {
  it('passes hostile argv words through unchanged', async () => {
    const result = await execSsh(client, { argv: ['printf', '%s\\0', ...hostile] });
    expect(result.stdout.split('\0').slice(0, -1)).toEqual(hostile);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('runs a script with shell syntax', async () => {
    const result = await execSsh(client, { script: 'echo abc | tr a-c x-z; echo "$0"' });
    expect(result.stdout).toBe('xyz\nsh\n');
  });

  it('resolves a non-zero exit code with the output', async () => {
    const result = await execSsh(client, { script: 'echo partial; echo oops >&2; exit 3' });
    expect(result).toMatchObject({ code: 3, signal: null, stdout: 'partial\n', stderr: 'oops\n' });
    expect((await execSsh(client, { argv: ['false'] })).code).toBe(1);
  });

  it('streams stdout and stderr while the command runs', async () => {
    const events: string[] = [];
    const run = execSsh(
      client,
      { script: 'echo one; echo warn >&2; sleep 0.8; echo two' },
      {
        onStdout: (c) => events.push(`out:${c.toString().trim()}`),
        onStderr: (c) => events.push(`err:${c.toString().trim()}`),
      },
    );
    await expect
      .poll(() => events.includes('out:one') && events.includes('err:warn'), { interval: 10 })
      .toBe(true);
    expect(events).not.toContain('out:two'); // seen while the command still sleeps
    const result = await run;
    expect(events).toContain('out:two');
    expect(result.stdout).toBe('one\ntwo\n');
    expect(result.stderr).toBe('warn\n');
  });

  it('feeds stdin to the command and ends it there', async () => {
    expect((await execSsh(client, { argv: ['cat'] }, { stdin: 'héllo\nworld' })).stdout).toBe(
      'héllo\nworld',
    );
    const big = Buffer.alloc(300_000, 'x');
    expect((await execSsh(client, { argv: ['wc', '-c'] }, { stdin: big })).stdout.trim()).toBe(
      '300000',
    );
    expect((await execSsh(client, { argv: ['cat'] })).stdout).toBe('');
  });

  it('keeps the last 1 MiB of output and gives the callbacks everything', async () => {
    let streamed = 0;
    const result = await execSsh(
      client,
      { script: "head -c 3000000 /dev/zero | tr '\\0' a; printf END" },
      { onStdout: (c) => (streamed += c.length) },
    );
    expect(streamed).toBe(3_000_003);
    expect(result.stdout).toHaveLength(1024 * 1024);
    expect(result.stdout.endsWith('aaaEND')).toBe(true);
  });

  it('leaves background processes of a command that finished normally alone', async () => {
    await execSsh(client, { script: 'sleep 7 >/dev/null 2>&1 &' });
    try {
      expect(remote('sleep')).toHaveLength(1);
    } finally {
      signalEach(remote('sleep'), 'SIGKILL');
    }
    await expectNoneLeft('sleep');
  });
});

/** A sink that takes writes only while `open` (each write waits until then). */
function gatedSink() {
  let open = false;
  let waiting: (() => void) | undefined;
  let received = 0;
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _e, done) {
      received += chunk.length;
      if (open) done();
      else waiting = done;
    },
  });
  return {
    sink,
    received: () => received,
    open() {
      open = true;
      waiting?.();
    },
  };
}

describe('execSsh stdout stream', () => {
  const FIFTY_MIB = 50 * 1024 * 1024;

  it('pipes stdout into a writable with backpressure: the command waits for it', async () => {
    const gate = gatedSink();
    const run = execSsh(
      client,
      { argv: ['head', '-c', String(FIFTY_MIB), '/dev/zero'] },
      {
        stdout: gate.sink,
      },
    );
    await expect.poll(gate.received, { interval: 10 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    // What the SSH windows and the sink's buffer hold, not the 50 MiB the command would write.
    expect(gate.received()).toBeLessThan(8 * 1024 * 1024);
    gate.open();
    const result = await run;
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(gate.received()).toBe(FIFTY_MIB);
    expect(gate.sink.writableEnded).toBe(false); // the caller decides how it ends
  });

  it('stops a command whose sink is stalled at once on abort', async () => {
    const gate = gatedSink();
    const abort = new AbortController();
    const run = execSsh(
      client,
      { argv: ['head', '-c', String(FIFTY_MIB), '/dev/zero'] },
      {
        stdout: gate.sink,
        signal: abort.signal,
      },
    );
    await expect.poll(gate.received, { interval: 10 }).toBeGreaterThan(0);
    const started = Date.now();
    abort.abort();
    expect((await rejection(run)).reason).toBe('exec_aborted');
    expect(Date.now() - started).toBeLessThan(1500);
    await expectNoneLeft('head');
  });
});

describe('execSsh stopping', () => {
  it('kills the remote command on timeout and rejects with exec_timeout', async () => {
    const started = Date.now();
    const err = await rejection(execSsh(client, { argv: ['sleep', '30'] }, { timeoutMs: 300 }));
    expect(err.reason).toBe('exec_timeout');
    expect(Date.now() - started).toBeLessThan(2500);
    await expectNoneLeft('sleep');
  });

  it('kills every process the command started, not only the first', async () => {
    const script = 'sleep 31 & (sleep 32; echo never) & sleep 33; wait';
    const err = await rejection(execSsh(client, { script }, { timeoutMs: 300 }));
    expect(err.reason).toBe('exec_timeout');
    await expectNoneLeft('sleep');
  });

  it('kills the remote command on abort and rejects with exec_aborted', async () => {
    const abort = new AbortController();
    let said = '';
    const run = execSsh(
      client,
      { script: 'echo started; sleep 30' },
      { signal: abort.signal, onStdout: (c) => (said += c.toString()) },
    );
    await expect.poll(() => said && remote('sleep').length, { interval: 10 }).toBe(1);
    abort.abort();
    const err = await rejection(run);
    expect(err.reason).toBe('exec_aborted');
    expect(err.partial?.stdout).toBe('started\n');
    await expectNoneLeft('sleep');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const err = await rejection(
      execSsh(client, { argv: ['sleep', '30'] }, { signal: AbortSignal.abort() }),
    );
    expect(err.reason).toBe('exec_aborted');
    expect(remote('sleep')).toEqual([]);
  });

  it('still works on the same connection after a stop', async () => {
    expect((await execSsh(client, { argv: ['echo', 'alive'] })).stdout).toBe('alive\n');
  });

  it('rejects with exec_failed on a closed connection', async () => {
    const dead = await connectSsh(passwordLogin(server));
    dead.end();
    await new Promise<void>((r) => dead.once('close', () => r()));
    expect((await rejection(execSsh(dead, { argv: ['true'] }))).reason).toBe('exec_failed');
  });
});

describe('kill-on-close wrapper', () => {
  /** Starts the wrapped `sleep 30` with a raw exec (no signal request) and waits for it. */
  async function startRawSleep(): Promise<ClientChannel> {
    const channel = await new Promise<ClientChannel>((resolve, reject) =>
      client.exec(wrapKillOnClose('sleep 30', 0), (err, ch) => (err ? reject(err) : resolve(ch))),
    );
    channel.resume();
    await expect.poll(() => remote('sleep').length, { interval: 10 }).toBe(1);
    return channel;
  }

  it('kills the command when the channel is closed, without any signal request', async () => {
    const channel = await startRawSleep();
    channel.close();
    await expectNoneLeft('sleep');
  });

  it('kills the command when the client sends EOF', async () => {
    const channel = await startRawSleep();
    channel.end();
    await expectNoneLeft('sleep');
    channel.close();
  });
});
