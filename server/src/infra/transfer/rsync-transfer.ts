import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { runCommand } from '../process/run-command.js';
import { shellJoin, shellQuote } from '../ssh/quote.js';
import { TailBuffer } from '../ssh/tail-buffer.js';
import { LineSplitter } from './line-splitter.js';
import { mkdirScript, seedByCopyScript } from './remote-release.js';
import { comparisonOptions, rsyncOptionProblem, seedingOf, seedOptions } from './rsync-options.js';
import { prepareSsh, type TransferTarget } from './ssh-options.js';

export { rsyncOptionProblem } from './rsync-options.js';

/** One rsync of a local directory's contents to a server. */
export interface RsyncRequest {
  /** Local dir; its CONTENTS are sent (a trailing slash is added). */
  source: string;
  target: TransferTarget;
  /** Absolute remote dir; must already exist unless `createDest` is set. */
  destPath: string;
  /**
   * Create `destPath` (and its parents) on the server first, in the same login: the server runs
   * `mkdir -p` before its rsync. When that fails, rsync fails with mkdir's message on stderr.
   */
  createDest?: boolean;
  /**
   * The previous release on the server (absolute): unchanged files are hard-linked from it
   * instead of sent, unless the options forbid it (see `seedingOf`). With `createDest`, the
   * server links it into the new directory before its rsync starts, where the options allow.
   */
  seedFrom?: string;
  /**
   * Needs `createDest`: a POSIX sh script the server runs in the same login once its rsync has
   * succeeded (the symlink switch), with its output on stderr. Its lines go to `onAfterLine`, not
   * `onLine`, and its exit status is the outcome's `after`.
   */
  after?: { script: string; onLine?: (line: string) => void };
  /**
   * The user's options, already parsed into words and variable-substituted. Empty means `-rt`
   * (recursive, keep modification times) and nothing else: deleting or verbosity is the user's
   * explicit choice. The engine adds a release's seed and `--modify-window=-1` (times compared
   * to the nanosecond), unless these options chose how files compare (see `comparisonOptions`).
   */
  options: string[];
  timeoutMs: number;
  signal?: AbortSignal;
  /** Whole lines, as they come. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

/** How the rsync ended; `output` is the tail of both streams, in the order lines came. */
export interface RsyncOutcome {
  ok: boolean;
  code: number | null;
  /** A readable form of the command for the trace (argv holds no secret by design). */
  command: string;
  output: string;
  timedOut: boolean;
  aborted: boolean;
  /**
   * How the `after` script ended: its exit status, or -1 when the connection ended while it ran;
   * absent when it did not run (rsync failed, or there was none).
   */
  after?: number;
}

const DEFAULT_OPTIONS = ['-rt'];
const KEEP_BYTES = 1024 * 1024;

/**
 * Runs the local rsync (never through a shell) with a private ssh config for the target:
 * `rsync <options> [--rsync-path=…] -e <rsh> -- <source>/ <alias>:<destPath>/`. The command
 * answered for the trace leaves the engine's `--rsync-path` out: it reads the same whether the
 * destination was created by rsync or beforehand. Resolves whatever rsync's exit
 * status; a timeout or abort stops rsync, ssh and sshpass (and so the remote rsync, whose
 * connection goes). Rejects when the request itself is unusable (refused options, a relative
 * destination, an unreadable key) or rsync cannot be started.
 */
export async function rsyncTo(req: RsyncRequest): Promise<RsyncOutcome> {
  const problem = rsyncOptionProblem(req.options);
  if (problem) throw new Error(`The rsync options cannot be used: ${problem}`);
  if (!path.posix.isAbsolute(req.destPath)) {
    throw new Error(`The destination must be an absolute path: ${req.destPath}`);
  }
  if (req.after && !req.createDest) throw new Error('A script after rsync needs createDest');
  const chosen = req.options.length > 0 ? req.options : DEFAULT_OPTIONS;
  const copy = !!req.seedFrom && !!req.createDest && seedingOf(chosen) === 'copy';
  const options = [
    ...chosen,
    ...(req.seedFrom ? seedOptions(chosen, req.seedFrom, copy) : []),
    ...comparisonOptions(chosen),
  ];
  const source = `${req.source.replace(/\/+$/, '')}/`;
  const dest = `${req.destPath.replace(/\/+$/, '')}/`;
  const command = displayCommand(options, source, dest, req.target);
  const ssh = await prepareSsh(req.target);
  const tail = new TailBuffer(KEEP_BYTES);
  const after = req.after && new AfterLines(req.after.onLine);
  const splitters = {
    stdout: lineSplitter('stdout', tail, req.onLine),
    stderr: lineSplitter('stderr', tail, req.onLine, after),
  };
  try {
    const wrapper = { seedFrom: copy ? req.seedFrom : undefined, after: req.after, marker: after };
    const args = [
      ...options,
      ...(req.createDest ? [`--rsync-path=${serverRsyncPath(req.destPath, wrapper)}`] : []),
      ...['-e', ssh.rsh, '--', source, `${ssh.destHost}:${dest}`],
    ];
    const result = await runCommand('rsync', args, {
      env: ssh.env,
      timeoutMs: req.timeoutMs,
      signal: req.signal,
      keepBytes: 4096, // the interleaved tail below is what callers see
      onOutput: (chunk, stream) => splitters[stream].push(chunk),
    });
    splitters.stdout.flush();
    splitters.stderr.flush();
    const { timedOut, aborted } = result;
    const ran = after?.started && !timedOut && !aborted ? after.status(result.code) : undefined;
    // A failed script after a finished rsync is the script's outcome, not the transfer's.
    const code = ran === undefined ? result.code : 0;
    const ok = code === 0 && !timedOut && !aborted;
    return {
      ok,
      code,
      command,
      output: tail.text(),
      timedOut,
      aborted,
      ...(ran === undefined ? {} : { after: ran }),
    };
  } finally {
    await ssh.dispose();
  }
}

/** An exit status of the server's command above this is the `after` script's, plus this. */
const AFTER_BASE = 100;

/**
 * The command the server runs instead of plain `rsync` (`createDest`): `sh -c <script> sh`, to
 * which rsync appends its server arguments. The script creates the destination (`mkdir -p`, the
 * way goploy does; seeded by `cp -al` from `seedFrom` when given), runs rsync, then the `after`
 * script behind a marker line, exiting `AFTER_BASE` + its status when it fails. SECURITY: rsync
 * hands this string to the remote shell as it is: every path goes through shellQuote, the script
 * as one quoted word. Only used when the project's options carry no `--rsync-path` of their own.
 */
function serverRsyncPath(
  destPath: string,
  w: { seedFrom: string | undefined; after: RsyncRequest['after']; marker: AfterLines | undefined },
): string {
  const lines = [
    ...(w.seedFrom ? [seedByCopyScript(w.seedFrom, destPath)] : []),
    `${mkdirScript(destPath)} || exit 1`,
    'rsync "$@" || exit $?',
  ];
  if (w.after && w.marker) {
    lines.push(`printf '%s\\n' ${w.marker.marker} >&2`);
    lines.push(`( ${w.after.script}`, `) >&2 || exit $((${AFTER_BASE} + $?))`);
  }
  return `sh -c ${shellQuote(lines.join('\n'))} sh`;
}

/**
 * Splits the server's stderr at the marker line the wrapper prints before the `after` script:
 * what follows is the script's (and rsync's own last word on the exit status, which is dropped).
 */
class AfterLines {
  readonly marker = `ferry-after-${randomBytes(9).toString('hex')}`;
  started = false;

  constructor(private readonly onLine: ((line: string) => void) | undefined) {}

  /** Whether the line was the script's (or the marker), not rsync's. */
  take(line: string): boolean {
    if (!this.started) {
      this.started = line === this.marker;
      return this.started;
    }
    if (!/^rsync error: .*\(code \d+\)/.test(line)) this.onLine?.(line);
    return true;
  }

  /** The script's exit status from the command's, once the marker was seen. */
  status(code: number | null): number {
    if (code === 0) return 0;
    if (code === null || code < AFTER_BASE || code === 255) return -1;
    return code - AFTER_BASE;
  }
}

/**
 * What ssh says of a shared login (decision 0054): that another transfer became its master first,
 * that a server refused it another session (ssh then logs in alone). Neither is the transfer's.
 */
const SHARED_LOGIN_NOTE =
  /^(ControlSocket .* already exists, disabling multiplexing|mux_client_request_session: session request failed: |Control socket connect\(.*\): )/;

function lineSplitter(
  stream: 'stdout' | 'stderr',
  tail: TailBuffer,
  onLine: RsyncRequest['onLine'],
  after?: AfterLines,
): LineSplitter {
  return new LineSplitter((line) => {
    if (after?.take(line)) return;
    if (stream === 'stderr' && SHARED_LOGIN_NOTE.test(line)) return;
    tail.push(Buffer.from(`${line}\n`));
    onLine?.(line, stream);
  });
}

/**
 * What a user would type by hand:
 * `rsync -rt '--modify-window=-1' -e 'ssh -p 2222' -- /src/ deploy@host:/dest/`.
 */
function displayCommand(
  options: string[],
  source: string,
  dest: string,
  target: TransferTarget,
): string {
  const { jump } = target;
  const ssh = ['ssh', '-p', String(target.port)];
  if (jump) ssh.push('-J', `${jump.user}@${jump.host}:${jump.port}`);
  const where = `${target.user}@${target.host}:${dest}`;
  return shellJoin(['rsync', ...options, '-e', ssh.join(' '), '--', source, where]);
}
