import type { Writable } from 'node:stream';
import type { Client, ClientChannel } from 'ssh2';
import { wrapKillOnClose } from './kill-on-close.js';
import { shellJoin } from './quote.js';
import { ExecError } from './ssh-errors.js';
import { TailBuffer } from './tail-buffer.js';

/**
 * What to run. `argv` is quoted word by word (no shell syntax is interpreted in it); `script` is
 * shell code, run by `sh -c` with the script as its quoted argument, so stdin stays free.
 */
export type RemoteCommand = { argv: readonly string[] } | { script: string };

/** Limits, cancellation, streaming and input of one `execSsh` call. */
export interface ExecOptions {
  /** Stops the command (and its children on the server) after this long. No limit by default. */
  timeoutMs?: number;
  /** Aborting stops the command like a timeout does. */
  signal?: AbortSignal;
  /** Every stdout chunk as it arrives (unlike the result, nothing is dropped). */
  onStdout?: (chunk: Buffer) => void;
  /**
   * Where stdout goes instead of the result, with backpressure: while `stdout` is full the
   * channel is paused, so the server's command waits (an archive streamed to a slow browser is
   * never held whole). The engine does not end it: the caller ends it when the command succeeded,
   * or destroys it. Once it is destroyed the rest of the output is dropped.
   */
  stdout?: Writable;
  /** Every stderr chunk as it arrives. */
  onStderr?: (chunk: Buffer) => void;
  /** Bytes for the command's stdin; without it the command reads an empty stdin. */
  stdin?: string | Buffer;
}

/** How a command that ran to its end finished, with the tail of its output. */
export interface ExecResult {
  /** The exit status; 128 + n when the command was killed by signal n (as a shell reports it). */
  code: number | null;
  /** The signal name when the server reported death by signal instead of a status. */
  signal: string | null;
  /** The last 1 MiB of stdout, as UTF-8. */
  stdout: string;
  /** The last 1 MiB of stderr, as UTF-8. */
  stderr: string;
  durationMs: number;
}

const KEEP_BYTES = 1024 * 1024;
/** How long to wait for the server to confirm the channel closed after a stop. */
const CLOSE_GRACE_MS = 2000;

/**
 * Runs one command on an open connection, without a PTY. A non-zero exit status resolves (it is
 * the command's answer); a timeout or abort rejects with `ExecError` `exec_timeout` or
 * `exec_aborted` after the command was killed on the server: a KILL signal request, EOF and
 * channel close, and the `kill-on-close` wrapper that kills the command's process group when the
 * channel goes, for servers that ignore signal requests. `exec_failed`: the channel could not be
 * opened, or the connection closed before the exit status came.
 */
export function execSsh(
  client: Client,
  command: RemoteCommand,
  opts: ExecOptions = {},
): Promise<ExecResult> {
  return new Promise((resolve, reject) =>
    new RemoteRun(client, opts, resolve, reject).start(command),
  );
}

/** One command's life: open, stream, stop on timeout or abort, settle exactly once. */
class RemoteRun {
  private readonly started = performance.now();
  private readonly stdout = new TailBuffer(KEEP_BYTES);
  private readonly stderr = new TailBuffer(KEEP_BYTES);
  private channel: ClientChannel | undefined;
  private exit: { code: number | null; signal: string | null } | undefined;
  private stopped: ExecError | undefined;
  private settled = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly onAbort = () => this.stop('exec_aborted');
  private readonly onConnectionClose = () => this.settle();

  constructor(
    private readonly client: Client,
    private readonly opts: ExecOptions,
    private readonly resolve: (result: ExecResult) => void,
    private readonly reject: (error: ExecError) => void,
  ) {}

  start(command: RemoteCommand): void {
    const { opts } = this;
    if (opts.signal?.aborted) return this.fail(cancelled(undefined));
    const stdin = typeof opts.stdin === 'string' ? Buffer.from(opts.stdin) : opts.stdin;
    const line = wrapKillOnClose(commandLine(command), stdin?.length ?? 0);
    opts.signal?.addEventListener('abort', this.onAbort, { once: true });
    this.client.once('close', this.onConnectionClose);
    if (opts.timeoutMs !== undefined) {
      this.timers.push(setTimeout(() => this.stop('exec_timeout'), opts.timeoutMs));
    }
    try {
      this.client.exec(line, (err, channel) => {
        if (err) return this.fail(notStarted(err));
        this.attach(channel, stdin);
      });
    } catch (e) {
      this.fail(notStarted(e));
    }
  }

  /** Runs synchronously inside the exec callback: 'exit' may arrive in the same packet batch. */
  private attach(channel: ClientChannel, stdin: Buffer | undefined): void {
    this.channel = channel;
    channel.on('data', (chunk: Buffer) => {
      if (this.opts.stdout) this.toSink(channel, this.opts.stdout, chunk);
      else this.stdout.push(chunk);
      this.opts.onStdout?.(chunk);
    });
    channel.stderr.on('data', (chunk: Buffer) => {
      this.stderr.push(chunk);
      this.opts.onStderr?.(chunk);
    });
    channel.on('exit', (code: number | null, signal?: string) => {
      this.exit = { code, signal: signal ?? null };
    });
    channel.on('error', () => undefined); // a channel error is followed by 'close'
    channel.once('close', () => this.settle());
    if (this.settled || this.stopped) return killRemote(channel);
    if (stdin && stdin.length > 0) channel.write(stdin);
  }

  /** Writes to the caller's stdout stream; pauses the channel until it drains. */
  private toSink(channel: ClientChannel, sink: Writable, chunk: Buffer): void {
    if (this.stopped || sink.destroyed || sink.writableEnded || sink.write(chunk)) return;
    channel.pause();
    const resume = () => {
      sink.off('drain', resume).off('close', resume);
      channel.resume();
    };
    sink.on('drain', resume).on('close', resume);
  }

  private stop(reason: 'exec_timeout' | 'exec_aborted'): void {
    if (this.stopped || this.settled) return;
    this.stopped =
      reason === 'exec_aborted'
        ? cancelled(this.output())
        : new ExecError(
            'exec_timeout',
            `The command did not finish within ${this.opts.timeoutMs} ms and was stopped.`,
            this.output(),
          );
    if (this.channel) {
      this.channel.resume(); // a paused stdout would hold back the channel's close
      killRemote(this.channel);
    }
    // Settle even if the server never confirms the close.
    this.timers.push(setTimeout(() => this.settle(), CLOSE_GRACE_MS));
  }

  private settle(): void {
    if (this.stopped) return this.fail(this.stopped);
    if (!this.exit) {
      const lost = 'The connection closed before the command finished.';
      return this.fail(new ExecError('exec_failed', lost, this.output()));
    }
    if (this.cleanUp()) this.resolve({ ...this.exit, ...this.output() });
  }

  private fail(error: ExecError): void {
    if (this.cleanUp()) this.reject(error);
  }

  /** Returns false when already settled. */
  private cleanUp(): boolean {
    if (this.settled) return false;
    this.settled = true;
    for (const t of this.timers) clearTimeout(t);
    this.opts.signal?.removeEventListener('abort', this.onAbort);
    this.client.off('close', this.onConnectionClose);
    return true;
  }

  private output() {
    const durationMs = Math.round(performance.now() - this.started);
    return { stdout: this.stdout.text(), stderr: this.stderr.text(), durationMs };
  }
}

const cancelled = (partial: ExecError['partial']) =>
  new ExecError('exec_aborted', 'The command was cancelled.', partial);

const notStarted = (err: unknown) =>
  new ExecError(
    'exec_failed',
    `The command could not be started: ${err instanceof Error ? err.message : String(err)}`,
    undefined,
    err,
  );

function commandLine(command: RemoteCommand): string {
  if ('script' in command) return command.script;
  if (command.argv.length === 0) throw new Error('execSsh needs at least one argv word');
  return shellJoin(command.argv);
}

/** Every way to end the remote command: signal (where honoured), EOF and close (the wrapper). */
function killRemote(channel: ClientChannel): void {
  try {
    channel.signal('KILL');
  } catch {
    // the channel is already closing
  }
  channel.end();
  channel.close();
}
