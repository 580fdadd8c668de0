import {
  deployRoutes,
  HubType,
  type DeployLogMessage,
  type DeployProgressMessage,
  type JobStatus,
} from '@ferry/contract/client';
import { CliError, ExitCode } from './exit-codes.js';
import { formatDuration } from './duration.js';
import type { Hub, OpenHub } from './hub.js';
import type { ConsoleClient } from './http-client.js';
import type { Output } from './output.js';

/** How often the progress is asked for besides the hub's frames (a missed frame, a lost socket). */
const PROGRESS_POLL_MS = 2000;

const ENDED: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed', 'cancelled']);

export interface LogLine {
  stage: string;
  serverId: number;
  line: string;
  at?: number | undefined;
}

export interface FollowResult {
  status: JobStatus;
  /** Every line printed, in order (for `--json`). */
  lines: LogLine[];
  durationMs: number;
}

export interface FollowOptions {
  client: ConsoleClient;
  openHub: OpenHub;
  out: Output;
  token: string;
  timeoutMs: number;
  /** Server names by id, for the line prefixes. */
  serverNames: ReadonlyMap<number, string>;
}

/**
 * Follows deploy `token` until it ends: prints the log so far, then each line as the hub sends
 * it (type 11, after subscribing to the token), and ends on a type-1 frame (or a progress answer)
 * saying the deploy ended. Throws a timeout {@link CliError} when `timeoutMs` passes first; the
 * deploy goes on in the console.
 */
export async function followDeploy(o: FollowOptions): Promise<FollowResult> {
  const started = Date.now();
  const printed: LogLine[] = [];
  const print = (l: LogLine) => {
    printed.push(l);
    o.out.line(formatLogLine(o.out, l, o.serverNames));
  };
  let backlog: Set<string> | undefined;
  const early: LogLine[] = [];
  let ended: (status: JobStatus) => void = () => undefined;
  const end = new Promise<JobStatus>((resolve) => (ended = resolve));

  const onFrame = (frame: { type: number; message: unknown }) => {
    if (frame.type === HubType.deployLog) {
      const m = frame.message as DeployLogMessage;
      if (m.token !== o.token) return;
      const l = { stage: m.stage, serverId: m.serverId, line: m.line, at: m.at };
      if (backlog === undefined) early.push(l);
      else print(l);
    } else if (frame.type === HubType.deployProgress) {
      const m = frame.message as DeployProgressMessage;
      if (m.token === o.token && ENDED.has(m.status)) ended(m.status);
      else if (m.token === o.token) o.out.progress(`${m.stage} · ${m.status}`);
    }
  };

  let hub: Hub | undefined;
  try {
    hub = await o.openHub(o.client.connection, onFrame);
    hub.send({ op: 'subscribe', token: o.token });
  } catch (err) {
    o.out.error(`live log unavailable (${(err as Error).message}); following the progress instead`);
  }
  const poll = setInterval(() => void askProgress(o, ended), PROGRESS_POLL_MS);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new CliError(
            `the deploy ${o.token} did not end within ${formatDuration(o.timeoutMs)}; it goes on in the console (ferry log ${o.token})`,
            ExitCode.timeout,
            { token: o.token },
          ),
        ),
      o.timeoutMs,
    );
  });
  try {
    const sofar = await o.client.call(deployRoutes.getPublishLog, { token: o.token });
    backlog = new Set(sofar.lines.map(lineKey));
    for (const l of sofar.lines) print(l);
    for (const l of early) if (!backlog.has(lineKey(l))) print(l);
    void askProgress(o, ended);
    const status = await Promise.race([end, timeout]);
    // Lines the socket had not brought yet (or all of them, without a socket).
    const all = await o.client.call(deployRoutes.getPublishLog, { token: o.token });
    for (const l of all.lines.slice(printed.length)) print(l);
    return { status, lines: printed, durationMs: Date.now() - started };
  } finally {
    clearInterval(poll);
    clearTimeout(timer);
    o.out.clearProgress();
    hub?.close();
  }
}

async function askProgress(o: FollowOptions, ended: (status: JobStatus) => void) {
  try {
    const p = await o.client.call(deployRoutes.getPublishProgress, { lastPublishToken: o.token });
    if (ENDED.has(p.status)) ended(p.status);
  } catch {
    // The next poll or a hub frame tells; a refusal shows when the log is read at the end.
  }
}

const lineKey = (l: LogLine) => `${l.at ?? ''}\u0000${l.stage}\u0000${l.serverId}\u0000${l.line}`;

/**
 * `[afterDeploy web-1] line` (the console's own stages carry no server); a line holding several
 * gets the prefix on each, so a CI log reads as one stage and server per line.
 */
export function formatLogLine(out: Output, l: LogLine, names: ReadonlyMap<number, string>): string {
  const where = l.serverId ? ` ${names.get(l.serverId) ?? `server ${l.serverId}`}` : '';
  const prefix = out.dim(`[${l.stage}${where}]`);
  return l.line
    .replace(/\n$/, '')
    .split('\n')
    .map((text) => `${prefix} ${text}`)
    .join('\n');
}
