import path from 'node:path';
import { runCommand } from '../process/run-command.js';
import { shellJoin } from '../ssh/quote.js';
import { TailBuffer } from '../ssh/tail-buffer.js';
import { LineSplitter } from './line-splitter.js';
import { mkdirScript } from './remote-release.js';
import { rsyncOptionProblem, seedOptions } from './rsync-options.js';
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
   * instead of sent, unless the options forbid it (see `seedOptions`).
   */
  seedFrom?: string;
  /**
   * The user's options, already parsed into words and variable-substituted. Empty means `-rt`
   * (recursive, keep modification times) and nothing else: deleting or verbosity is the user's
   * explicit choice.
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
  const chosen = req.options.length > 0 ? req.options : DEFAULT_OPTIONS;
  const options = req.seedFrom ? [...chosen, ...seedOptions(chosen, req.seedFrom)] : chosen;
  const source = `${req.source.replace(/\/+$/, '')}/`;
  const dest = `${req.destPath.replace(/\/+$/, '')}/`;
  const command = displayCommand(options, source, dest, req.target);
  const ssh = await prepareSsh(req.target);
  const tail = new TailBuffer(KEEP_BYTES);
  const splitters = {
    stdout: lineSplitter('stdout', tail, req.onLine),
    stderr: lineSplitter('stderr', tail, req.onLine),
  };
  try {
    const args = [
      ...options,
      ...(req.createDest ? [`--rsync-path=${creatingRsyncPath(req.destPath)}`] : []),
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
    const { code, timedOut, aborted } = result;
    const ok = code === 0 && !timedOut && !aborted;
    return { ok, code, command, output: tail.text(), timedOut, aborted };
  } finally {
    await ssh.dispose();
  }
}

/**
 * The command the server runs instead of plain `rsync`: `mkdir -p -- <dir> && rsync`, the way
 * goploy creates the destination. SECURITY: rsync hands this string to the remote shell as it is,
 * so the directory goes through mkdirScript (shellQuote, `--`). Only used when the project's
 * options carry no `--rsync-path` of their own (which rsync would otherwise take instead).
 */
function creatingRsyncPath(destPath: string): string {
  return `${mkdirScript(destPath)} && rsync`;
}

function lineSplitter(
  stream: 'stdout' | 'stderr',
  tail: TailBuffer,
  onLine: RsyncRequest['onLine'],
): LineSplitter {
  return new LineSplitter((line) => {
    tail.push(Buffer.from(`${line}\n`));
    onLine?.(line, stream);
  });
}

/** What a user would type by hand: `rsync -rt -e 'ssh -p 2222' -- /src/ deploy@host:/dest/`. */
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
