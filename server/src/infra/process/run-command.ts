import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { TailBuffer } from '../ssh/tail-buffer.js';
import { spawnWatch, type SpawnWatcher } from './spawn-watch.js';

/** Limits, cancellation, input and streaming of one `runCommand` call. */
export interface RunOptions {
  cwd?: string;
  /** The whole environment of the program (not merged with this process's); default: inherited. */
  env?: NodeJS.ProcessEnv;
  /** Stops the program and everything it started after this long. */
  timeoutMs: number;
  /** Aborting stops the program like a timeout does. */
  signal?: AbortSignal;
  /** Text for the program's stdin; without it stdin is /dev/null, so nothing waits for a terminal. */
  stdin?: string;
  /** Every chunk of output as it arrives, decoded as UTF-8 (unlike the result, nothing is dropped). */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
  /** How many bytes of each stream the result keeps (the tail); default 1 MiB. */
  keepBytes?: number;
}

/** How the program ended, with the tail of its output. */
export interface RunResult {
  code: number | null;
  /** The signal name when the program was killed by a signal. */
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
}

const KEEP_BYTES = 1024 * 1024;
/** How long a stopped process group gets to end after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2000;
/**
 * After SIGKILL, how long to wait for the output pipes to close. A process that left the group
 * (setsid) may hold them open forever; the call must still end.
 */
const CLOSE_GRACE_MS = 2000;

/**
 * Runs a local program from an argument array (never through a shell). The program leads its own
 * process group, so a timeout or abort ends it and everything it started: SIGTERM to the group,
 * SIGKILL 2 s later if anything is left. Resolves once the program has ended and its output is
 * read, whatever the exit status; rejects only when the program cannot be started (not found,
 * not executable).
 */
export function runCommand(
  file: string,
  args: readonly string[],
  opts: RunOptions,
): Promise<RunResult> {
  return new Promise((resolve, reject) => new LocalRun(file, opts, resolve, reject).start(args));
}

/** One program's life: spawn, collect, stop on timeout or abort, settle exactly once. */
class LocalRun {
  private readonly started = performance.now();
  private readonly stdout: TailBuffer;
  private readonly stderr: TailBuffer;
  private child: ChildProcess | undefined;
  private exit: { code: number | null; signal: string | null } | undefined;
  private stopReason: 'timeout' | 'abort' | undefined;
  private settled = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly onAbort = () => this.stop('abort');
  /** Of the work that started this program (see spawn-watch.ts). */
  private readonly watcher: SpawnWatcher | undefined = spawnWatch.getStore();

  constructor(
    private readonly file: string,
    private readonly opts: RunOptions,
    private readonly resolve: (result: RunResult) => void,
    private readonly reject: (error: Error) => void,
  ) {
    const keep = opts.keepBytes ?? KEEP_BYTES;
    this.stdout = new TailBuffer(keep);
    this.stderr = new TailBuffer(keep);
  }

  start(args: readonly string[]): void {
    const { opts } = this;
    if (opts.signal?.aborted) {
      this.stopReason = 'abort';
      return this.finish();
    }
    const child = spawn(this.file, args, {
      cwd: opts.cwd,
      env: opts.env,
      // SECURITY: no shell; `detached` makes the child a process-group leader (setsid) so the
      // whole tree it starts can be signalled at once.
      shell: false,
      detached: true,
      stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    if (child.pid !== undefined) this.watcher?.started(child.pid);
    child.once('error', (err) => this.onError(err));
    child.once('exit', (code, signal) => (this.exit = { code, signal }));
    child.once('close', () => this.finish());
    this.collect(child);
    if (opts.stdin !== undefined && child.stdin) {
      child.stdin.on('error', () => undefined); // the program may exit without reading stdin
      child.stdin.end(opts.stdin);
    }
    opts.signal?.addEventListener('abort', this.onAbort, { once: true });
    this.timers.push(setTimeout(() => this.stop('timeout'), opts.timeoutMs));
  }

  private collect(child: ChildProcess): void {
    const streams = [
      ['stdout', child.stdout, this.stdout],
      ['stderr', child.stderr, this.stderr],
    ] as const;
    for (const [name, stream, tail] of streams) {
      const decoder = new StringDecoder('utf8');
      const emit = (text: string) => text && this.opts.onOutput?.(text, name);
      stream?.on('data', (chunk: Buffer) => {
        tail.push(chunk);
        emit(decoder.write(chunk));
      });
      stream?.on('end', () => emit(decoder.end()));
      stream?.on('error', () => undefined); // destroyed after a stop; 'close' still follows
    }
  }

  private onError(err: NodeJS.ErrnoException): void {
    // 'error' after a successful spawn means a failed kill; the process still closes normally.
    if (this.child?.pid !== undefined) return;
    if (!this.cleanUp()) return;
    const why = err.code === 'ENOENT' ? 'program not found' : err.message;
    this.reject(new Error(`Cannot run ${this.file}: ${why}`, { cause: err }));
  }

  private stop(reason: 'timeout' | 'abort'): void {
    if (this.stopReason || this.settled) return;
    this.stopReason = reason;
    this.signalGroup('SIGTERM');
    this.timers.push(
      setTimeout(() => {
        this.signalGroup('SIGKILL');
        this.timers.push(setTimeout(() => this.abandonPipes(), CLOSE_GRACE_MS));
      }, KILL_GRACE_MS),
    );
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is already gone
    }
  }

  /** Something outside the group keeps the pipes open: stop reading so the call can end. */
  private abandonPipes(): void {
    this.child?.stdout?.destroy();
    this.child?.stderr?.destroy();
    if (this.exit) this.finish();
  }

  private finish(): void {
    // A program that could not start also reports 'close'; onError answers for it.
    if (this.child && this.child.pid === undefined) return;
    if (!this.cleanUp()) return;
    this.resolve({
      code: this.exit?.code ?? null,
      signal: this.exit?.signal ?? null,
      stdout: this.stdout.text(),
      stderr: this.stderr.text(),
      timedOut: this.stopReason === 'timeout',
      aborted: this.stopReason === 'abort',
      durationMs: Math.round(performance.now() - this.started),
    });
  }

  /** Returns false when already settled. */
  private cleanUp(): boolean {
    if (this.settled) return false;
    this.settled = true;
    if (this.child?.pid !== undefined) this.watcher?.ended(this.child.pid);
    for (const t of this.timers) clearTimeout(t);
    this.opts.signal?.removeEventListener('abort', this.onAbort);
    return true;
  }
}
