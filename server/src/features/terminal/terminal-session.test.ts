import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeResize, TerminalClose } from '@ferry/contract';
import type { Client } from 'ssh2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { connectSsh } from '../../infra/ssh/connect.js';
import { nullRecorder, openAsciicastRecorder, readCast } from './asciicast-recorder.js';
import { bridgeTerminal, openShell, type TerminalSession } from './terminal-session.js';
import { passwordLogin } from '../../../test/sshd-login.js';

let fleet: SshdFleet | undefined;
let sshd: SshdServer;
let wss: WebSocketServer;
let dir: string;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  sshd = fleet.servers[0]!;
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-session-'));
}, 30_000);
afterAll(async () => {
  await new Promise((resolve) => wss.close(resolve));
  await fleet?.stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  browser: WebSocket;
  /** The console's side of the socket. */
  socket: WebSocket;
  client: Client;
  session: TerminalSession;
  /** Everything the browser received so far, decoded. */
  output(): string;
  /** Every frame arrived as binary. */
  allBinary(): boolean;
  closed: Promise<{ code: number; reason: string }>;
}

const open: Opened[] = [];
afterEach(() => {
  for (const o of open.splice(0)) {
    o.browser.terminate();
    o.client.end();
  }
});

/** A real browser-side socket bridged to a real SSH shell. */
async function openTerminal(
  opts: { idleMs?: number; recorder?: typeof nullRecorder } = {},
): Promise<Opened> {
  const port = (wss.address() as { port: number }).port;
  const serverSide = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const browser = new WebSocket(`ws://127.0.0.1:${port}`);
  const chunks: Buffer[] = [];
  let binary = true;
  browser.on('message', (data: Buffer, isBinary) => {
    chunks.push(data);
    binary &&= isBinary;
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    browser.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve) => browser.once('open', resolve));
  const socket = await serverSide;
  const client = await connectSsh(passwordLogin(sshd));
  const stream = await openShell(client, 80, 24);
  const recorder = opts.recorder ?? nullRecorder;
  const session = bridgeTerminal(
    { socket, client, cols: 80, rows: 24, idleMs: opts.idleMs ?? 60_000, recorder },
    stream,
  );
  const o: Opened = {
    browser,
    socket,
    client,
    session,
    output: () => Buffer.concat(chunks).toString('utf8'),
    allBinary: () => binary,
    closed,
  };
  open.push(o);
  return o;
}

const type = (o: Opened, text: string) => o.browser.send(text);

describe('the terminal bridge', { timeout: 30_000 }, () => {
  it('types into the shell, answers in binary frames and resizes the PTY', async () => {
    const file = path.join(dir, 'bridge.cast.gz');
    const recorder = await openAsciicastRecorder({
      file,
      cols: 80,
      rows: 24,
      startedAt: Date.now(),
      recordInput: false,
    });
    const t = await openTerminal({ recorder });
    type(t, 'echo hel""lo\r');
    await expect.poll(() => t.output(), { timeout: 10_000 }).toMatch(/[\r\n]hello\r\n/);
    t.browser.send(encodeResize(100, 40));
    type(t, 'stty size\r');
    await expect.poll(() => t.output(), { timeout: 10_000 }).toContain('40 100');
    expect(t.allBinary()).toBe(true);

    type(t, 'exit\r');
    expect(await t.closed).toEqual({ code: TerminalClose.ended, reason: 'the SSH session ended' });
    await t.session.ended;
    await recorder.close();
    const cast = await readCast(file);
    expect(cast).toContain('hello');
    expect(cast).toMatch(/,"r","100x40"\]/);
  });

  it('ends the SSH connection when the browser goes away', async () => {
    const t = await openTerminal();
    const sshClosed = new Promise<void>((resolve) => t.client.once('close', () => resolve()));
    t.browser.close();
    await sshClosed;
    await t.session.ended;
  });

  it('closes with 4101 after the idle limit, and not while output flows', async () => {
    const t = await openTerminal({ idleMs: 600 });
    type(t, 'for i in 1 2 3 4 5 6; do echo tick$i; sleep 0.2; done\r');
    await expect.poll(() => t.output(), { timeout: 10_000 }).toContain('tick6');
    const started = Date.now();
    const { code } = await t.closed;
    expect(code).toBe(TerminalClose.idle);
    expect(Date.now() - started).toBeLessThan(3_000);
    await t.session.ended;
  });

  it('closes with the code and reason it is ended with', async () => {
    const t = await openTerminal();
    t.session.end(TerminalClose.serverDisabled, 'the server was disabled');
    expect(await t.closed).toEqual({
      code: TerminalClose.serverDisabled,
      reason: 'the server was disabled',
    });
  });

  it('pauses the shell while the browser does not read, and loses nothing', async () => {
    const t = await openTerminal();
    type(t, 'stty -echo; seq 1 1500000; echo done-$((6*7))\r');
    await expect.poll(() => t.output(), { timeout: 10_000 }).toContain('\n1000\r\n');
    t.browser.pause();
    let peak = 0;
    for (let i = 0; i < 40; i++) {
      peak = Math.max(peak, t.socket.bufferedAmount);
      await new Promise((r) => setTimeout(r, 25));
    }
    // Bounded by the 1 MiB mark plus the frames already on their way, not by the 10 MB of output.
    expect(peak).toBeLessThan(4 * 1024 * 1024);
    t.browser.resume();
    await expect.poll(() => t.output(), { timeout: 30_000 }).toContain('done-42');
    expect(t.output()).toContain('\r\n1500000\r\n');
  });
});
