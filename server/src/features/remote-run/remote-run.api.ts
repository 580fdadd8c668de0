import type { Audience } from '../../core/ws/hub.js';
import type { RunKind, ScriptInterpreter } from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import type { Variables } from '../../core/variables.js';
import type { RunProcess, ServerEnd } from './remote-run.repository.js';

/** What to run, where, and who may watch it. */
export interface RunSpec {
  kind: RunKind;
  /** The namespace whose members may watch (the caller's). */
  namespaceId: number;
  /** A template, process or command name; '' for a script typed in. */
  title: string;
  interpreter: ScriptInterpreter;
  /** The script as written: the server variables (and `variables`) are substituted per server. */
  script: string;
  /** Variables besides the server's own (a project's), substituted in the same pass. */
  variables?: Variables;
  serverIds: readonly number[];
  /**
   * Variables and secrets of one server alone (an agent's key): substituted in the same pass as
   * the others, and masked like the server's own secrets in its frames, record and results.
   */
  perServer?: (serverId: number) => { variables: Variables; secrets: readonly string[] };
  timeoutS: number;
  /** A topic the starter subscribed to before starting, besides `run:<id>` (contract `watchTopic`). */
  watchId?: string | undefined;
  /** Who of the namespace may see the live output (the hub topic is open to any member). */
  audience: Audience;
  /** The project a project process run belongs to: who may stop it is who may read it. */
  projectId?: number | undefined;
  /** The saved process and which of its commands ran, so the history can run it again. */
  process?: RunProcess | undefined;
}

/** What a stop needs to know of the run to decide whether the caller may stop it. */
export interface StoppableRun {
  /** The project of a project process run; null for other kinds and for runs recorded before. */
  projectId: number | null;
}

/** How one server's part ended. */
export interface ServerResult {
  serverId: number;
  serverName: string;
  end: ServerEnd;
  /** The last 1 MiB of stdout and of stderr (secrets masked) for goploy's answer; none if it never ran. */
  raw: { stdout: string; stderr: string } | undefined;
}

export interface StartedRun {
  runId: number;
  servers: { serverId: number; serverName: string }[];
  /** Every server's result, in the order the servers were named, once all ended. */
  done: Promise<ServerResult[]>;
}

/** How a one-off exec (`execOnServer`) runs. */
export interface ExecOnServerOptions {
  /** The command is killed on the server (its whole process group) after this long. */
  timeoutS: number;
  /** Variables besides the server's own, substituted in the same pass. */
  variables?: Variables;
  /**
   * False: the script is sent as it is, no variable substituted (a script built here, holding
   * quoted values that a substituted text could break out of). Default true.
   */
  substitute?: boolean;
  /** Aborting kills the command as a timeout does. */
  signal?: AbortSignal;
  /**
   * The bytes kept of each of stdout and stderr (their last ones): 64 KiB by default, at most
   * 1 MiB (a larger value keeps 1 MiB), for a command whose whole output is the answer (a file).
   */
  keepBytes?: number;
}

/** How a one-off exec ended. */
export interface ServerExecResult {
  /** The exit status; 128 + n when killed by signal n. */
  code: number | null;
  /** The signal name when the server reported death by signal instead of a status. */
  signal: string | null;
  /** The last 64 KiB (or `keepBytes`) of stdout, the server's secrets masked. */
  stdout: string;
  /** The last 64 KiB (or `keepBytes`) of stderr, the server's secrets masked. */
  stderr: string;
  durationMs: number;
  /**
   * Masks the server's secrets in text the caller decoded from the output (a file sent as
   * base64), as the output itself is masked.
   */
  mask: (text: string) => string;
}

/** The one remote-run engine, as other features call it. */
export interface RemoteRunApi {
  /**
   * Runs `script` with `sh -s` on server `serverId` once, for work with no caller (a monitor's
   * check): the server must belong to namespace `namespaceId` or be shared, and be enabled, else
   * `notFound('Server')` (code 1) as for a run. The server's variables (and `variables`) are
   * substituted, its secrets masked in the output. Nothing is recorded and no frame is sent.
   * Rejects with the `SshError` when the server cannot be reached, an `ExecError`
   * (`exec_timeout`, `exec_aborted`) when it was stopped; a non-zero exit status resolves.
   * A plain function: it may be passed on alone.
   */
  execOnServer: (
    namespaceId: number,
    serverId: number,
    script: string,
    opts: ExecOnServerOptions,
  ) => Promise<ServerExecResult>;
  start(ctx: RequestContext, spec: RunSpec): Promise<StartedRun>;
  stop(
    ctx: RequestContext,
    kinds: readonly RunKind[],
    runId: number,
    serverId?: number,
    mayStop?: (run: StoppableRun) => Promise<boolean>,
  ): Promise<void>;
}
