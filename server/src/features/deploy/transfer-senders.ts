import type { Client } from 'ssh2';
import { runCommand } from '../../infra/process/run-command.js';
import { shellJoin } from '../../infra/ssh/quote.js';
import { rsyncTo, type RsyncOutcome } from '../../infra/transfer/rsync-transfer.js';
import { sftpSync } from '../../infra/transfer/sftp-sync.js';
import type { TransferTarget } from '../../infra/transfer/ssh-options.js';
import type { StageOutput } from './deploy-log.js';
import type { DeployRun } from './deploy-run.js';
import type { ServerFacts } from './deploy-variables.js';

/** What a transfer step needs, and where its output goes. */
export interface Send {
  run: DeployRun;
  client: Client;
  target: TransferTarget;
  server: ServerFacts;
  dest: string;
  /** Symlink mode: the release the server runs now, which the new one is seeded from. */
  seedFrom?: string;
  argv: string[];
  timeoutMs: number;
  out: StageOutput;
}

/** The command shown in the trace, and why it failed ('' when it did not). */
export type Sent = { command: string; error: string };

export function stoppedWhy(
  r: { code: number | null; timedOut?: boolean; aborted?: boolean },
  timeoutMs: number,
): string {
  if (r.aborted) return 'cancelled';
  if (r.timedOut) return `timed out after ${Math.round(timeoutMs / 1000)} s`;
  return `exit status ${r.code}`;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Compares with the manifest the last finished transfer to this server left (when it went to the
 * same directory), which is forgotten while this one runs and replaced when it finishes.
 */
async function sendBySftp(s: Send): Promise<Sent> {
  const command = `sftp ${shellJoin(s.argv)} ./ ${s.server.owner}@${s.server.ip}:${s.dest}`;
  s.out.note(`$ ${command}`);
  const at = { projectId: s.run.project.id, serverId: s.server.id, dest: s.dest };
  try {
    const previous = await s.run.manifests.of(at);
    await s.run.manifests.forget(at);
    const { manifest } = await sftpSync({
      client: s.client,
      source: s.run.source,
      destPath: s.dest,
      options: s.argv,
      signal: s.run.signal,
      timeoutMs: s.timeoutMs,
      onLine: (l: string) => s.out.note(l),
      walks: s.run.sourceWalks,
      ...(previous ? { previous } : {}),
    });
    await s.run.manifests.keep({ ...at, manifest, now: s.run.clock.now() });
    return { command, error: '' };
  } catch (e) {
    return { command, error: errorText(e) };
  }
}

/** The user's own command on the console host, from an argument array (never a shell). */
async function sendByCustom(s: Send): Promise<Sent> {
  const command = shellJoin(s.argv);
  s.out.note(`$ ${command}`);
  const [program, ...args] = s.argv;
  if (program === undefined) return { command, error: '' };
  try {
    const r = await runCommand(program, args, {
      cwd: s.run.source,
      timeoutMs: s.timeoutMs,
      signal: s.run.signal,
      onOutput: (chunk) => s.out.push(chunk),
    });
    s.out.flush();
    return { command, error: r.code === 0 ? '' : stoppedWhy(r, s.timeoutMs) };
  } catch (e) {
    return { command, error: `${program} could not be started (${errorText(e)})` };
  }
}

async function sendByRsync(s: Send): Promise<Sent> {
  try {
    const r = await rsyncTo({
      source: s.run.source,
      target: s.target,
      destPath: s.dest,
      ...(s.seedFrom ? { seedFrom: s.seedFrom } : {}),
      options: s.argv,
      timeoutMs: s.timeoutMs,
      signal: s.run.signal,
      onLine: (l) => s.out.note(l),
    });
    return { command: r.command, error: r.ok ? '' : stoppedWhy(r, s.timeoutMs) };
  } catch (e) {
    return { command: 'rsync', error: errorText(e) };
  }
}

const SENDERS: Record<string, (s: Send) => Promise<Sent>> = {
  sftp: sendBySftp,
  custom: sendByCustom,
  rsync: sendByRsync,
};

/** How a project's transfer type ships files; an unknown type is rsync, the default. */
export const senderOf = (transferType: string) => SENDERS[transferType] ?? sendByRsync;

export const isRsync = (transferType: string) => senderOf(transferType) === sendByRsync;

/** sftp creates the destination (and its parents) over its own channel: no `mkdir` first. */
export const createsItsDest = (transferType: string) => senderOf(transferType) === sendBySftp;

/** Past this many lines before any regular output, rsync has logged in (ssh says far less). */
const MAX_HELD_LINES = 200;

/**
 * Holds rsync's lines until it has surely logged in — its first line on stdout, since ssh writes
 * only to stderr — so that a login that fails can be retried through the connecting path with
 * nothing of the attempt shown.
 */
class LoginGate {
  private held: string[] = [];
  private open = false;

  constructor(private readonly out: StageOutput) {}

  line(line: string, stream: 'stdout' | 'stderr'): void {
    if (stream === 'stdout' || this.held.length >= MAX_HELD_LINES) this.release();
    if (this.open) this.out.note(line);
    else this.held.push(line);
  }

  /** Shows what was held, and every line from now on. */
  release(): void {
    if (this.open) return;
    this.open = true;
    for (const line of this.held) this.out.note(line);
    this.held = [];
  }

  /** Whether lines are shown as they come (rsync surely logged in, or it ended). */
  get released(): boolean {
    return this.open;
  }

  /** The lines held back so far: none once released. */
  get heldLines(): readonly string[] {
    return this.held;
  }
}

/**
 * Whether rsync's ssh never logged in: ssh's own 255, or rsync's 12 when rsync noticed the closed
 * stream before it reaped ssh (which one wins is a race) and nothing was received.
 */
function loginFailed(code: number | null, held: readonly string[]): boolean {
  if (code === 255) return true;
  return code === 12 && held.some((l) => l.includes('connection unexpectedly closed (0 bytes'));
}

/**
 * What a single-login transfer needs: no console connection, the verified login for rsync, and
 * what the server runs in the same login once the files are there (`after`, see `rsyncTo`).
 */
export type AloneSend = Omit<Send, 'client' | 'server'> & {
  after?: { script: string; onLine: (line: string) => void };
};

/** A single-login transfer's outcome, with the exit status of its `after` script when it ran. */
export type AloneSent = Sent & { after?: number };

/**
 * rsync logging in alone and creating the destination itself (`createDest`). Answers
 * 'login-failed', having shown nothing, when rsync's ssh could not log in (exit status 255 before
 * any output: unreachable, refused login, a host key other than the verified one). A destination
 * that cannot be created reads as it does when the console creates it: `cannot create <dest>: …`.
 */
export async function sendByRsyncAlone(s: AloneSend): Promise<AloneSent | 'login-failed'> {
  const gate = new LoginGate(s.out);
  let r: RsyncOutcome;
  try {
    r = await rsyncTo({
      source: s.run.source,
      target: s.target,
      destPath: s.dest,
      createDest: true,
      ...(s.seedFrom ? { seedFrom: s.seedFrom } : {}),
      ...(s.after ? { after: s.after } : {}),
      options: s.argv,
      timeoutMs: s.timeoutMs,
      signal: s.run.signal,
      onLine: (line, stream) => gate.line(line, stream),
    });
  } catch (e) {
    return { command: 'rsync', error: errorText(e) };
  }
  if (!r.ok && !r.timedOut && !r.aborted && !gate.released) {
    // A failed mkdir also closes the stream before a byte: it is told first.
    const mkdir = gate.heldLines.filter((l) => l.startsWith('mkdir:'));
    if (mkdir.length > 0) {
      return {
        command: `mkdir -p ${s.dest}`,
        error: `cannot create ${s.dest}: ${mkdir.join('\n')}`,
      };
    }
    if (loginFailed(r.code, gate.heldLines)) return 'login-failed';
  }
  gate.release();
  const error = r.ok ? '' : stoppedWhy(r, s.timeoutMs);
  return { command: r.command, error, ...(r.after === undefined ? {} : { after: r.after }) };
}
