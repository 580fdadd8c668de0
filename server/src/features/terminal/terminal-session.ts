import { decodeBinaryFrame, TerminalClose } from '@ferry/contract';
import type { Client, ClientChannel } from 'ssh2';
import type { RawData, WebSocket } from 'ws';
import type { TerminalRecorder } from './asciicast-recorder.js';
import { closeReason } from '../../core/ws/close-reason.js';
import { createIdleTimer } from './idle-timer.js';
import { createOutputCoalescer } from './output-coalescer.js';

/** Output waiting in the socket beyond which the shell's output is paused. */
const HIGH_WATER_BYTES = 1024 * 1024;
/** Paused output resumes once the socket's backlog has fallen below this. */
const LOW_WATER_BYTES = 256 * 1024;
const DRAIN_POLL_MS = 5;

export interface TerminalSessionOptions {
  socket: WebSocket;
  client: Client;
  cols: number;
  rows: number;
  idleMs: number;
  recorder: TerminalRecorder;
  /** Frames the browser sent while the connection was being made, replayed first. */
  early?: EarlyFrame[];
}

/** A frame received before the shell was ready. */
export interface EarlyFrame {
  data: RawData;
  isBinary: boolean;
}

export interface TerminalSession {
  /** Closes the socket with `code` and `reason` and ends the SSH connection. */
  end(code: number, reason: string): void;
  /** Resolves once, when the session is over (whichever side ended it). */
  readonly ended: Promise<void>;
}

/** A shell in an `xterm-256color` PTY; rejects when the server refuses one. */
export function openShell(client: Client, cols: number, rows: number): Promise<ClientChannel> {
  return new Promise((resolve, reject) => {
    try {
      client.shell({ term: 'xterm-256color', rows, cols }, (err, stream) =>
        err ? reject(err) : resolve(stream),
      );
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

/**
 * Bridges one browser socket and one SSH shell: keystrokes in, output out as binary frames, until
 * either side ends, the idle limit passes, or `end` is called. Ending either side ends the other.
 */
export function bridgeTerminal(
  opts: TerminalSessionOptions,
  stream: ClientChannel,
): TerminalSession {
  const { socket, client, recorder } = opts;
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  let stopped = false;
  const idle = createIdleTimer(opts.idleMs, () =>
    stop(TerminalClose.idle, 'closed after a time without input or output'),
  );
  const output = pipeOutput(stream, socket, recorder, idle.touch);

  function stop(code: number, reason: string) {
    if (stopped) return;
    stopped = true;
    idle.stop();
    // What the shell printed last (often the reason it exited) goes out before the close frame.
    output.finish();
    if (socket.readyState === socket.OPEN) {
      socket.resume(); // a socket paused by a large paste must still read the peer's close
      socket.close(code, closeReason(reason));
    }
    client.end();
    resolveEnded();
  }

  pipeInput(socket, stream, recorder, idle.touch, opts.early ?? []);
  stream.once('close', () => stop(TerminalClose.ended, 'the SSH session ended'));
  client.once('close', () => stop(TerminalClose.ended, 'the SSH connection closed'));
  socket.once('close', () => stop(1000, ''));
  socket.once('error', () => stop(1011, ''));
  if (socket.readyState !== socket.OPEN) stop(1000, '');
  return { end: stop, ended };
}

/** Shell output → coalesced binary frames (and the recording), paused while the socket lags. */
function pipeOutput(
  stream: ClientChannel,
  socket: WebSocket,
  recorder: TerminalRecorder,
  touch: () => void,
) {
  let draining: NodeJS.Timeout | undefined;
  const resumeWhenDrained = () => {
    if (socket.readyState === socket.OPEN && socket.bufferedAmount > LOW_WATER_BYTES) return;
    clearInterval(draining);
    draining = undefined;
    stream.resume();
    stream.stderr.resume();
  };
  const coalescer = createOutputCoalescer((data) => {
    recorder.output(data);
    if (socket.readyState !== socket.OPEN) return;
    socket.send(data, { binary: true });
    // SSH flow control does the rest: a paused channel stops granting the server window.
    if (!draining && socket.bufferedAmount > HIGH_WATER_BYTES) {
      stream.pause();
      stream.stderr.pause();
      draining = setInterval(resumeWhenDrained, DRAIN_POLL_MS);
    }
  });
  const onData = (chunk: Buffer) => {
    touch();
    coalescer.push(chunk);
  };
  stream.on('data', onData);
  stream.stderr.on('data', onData);
  return {
    finish() {
      coalescer.flush();
      coalescer.dispose();
      clearInterval(draining);
    },
  };
}

/** Browser frames → the shell: text is keystrokes, binary is a resize or raw input. */
function pipeInput(
  socket: WebSocket,
  stream: ClientChannel,
  recorder: TerminalRecorder,
  touch: () => void,
  early: EarlyFrame[],
) {
  const write = (data: string | Uint8Array) => {
    if (!stream.writable) return;
    // A large paste waits for the SSH window instead of piling up in memory.
    if (!stream.write(data)) {
      socket.pause();
      stream.once('drain', () => socket.resume());
    }
  };
  const onMessage = (raw: RawData, isBinary: boolean) => {
    touch();
    const data = toBuffer(raw);
    if (!isBinary) {
      const text = data.toString('utf8');
      write(text);
      recorder.input(text);
      return;
    }
    const frame = decodeBinaryFrame(data);
    if (frame?.kind === 'resize') {
      stream.setWindow(frame.rows, frame.cols, 0, 0);
      recorder.resize(frame.cols, frame.rows);
    } else if (frame?.kind === 'input') {
      write(frame.data);
      recorder.input(frame.data);
    }
  };
  for (const f of early) onMessage(f.data, f.isBinary);
  socket.on('message', onMessage);
}

function toBuffer(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}
