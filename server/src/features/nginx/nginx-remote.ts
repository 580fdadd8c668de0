import { NginxReason } from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import { failed, invalid } from '../../core/errors.js';
import type { RemoteRunApi, ServerExecResult } from '../remote-run/remote-run.api.js';
import type { ServerDirectory, UsableServer } from '../server/server.api.js';
import { LINK_OUT_LINE, ScriptExit } from './nginx-scripts.js';

/** How long one nginx script may run on a server. */
const SCRIPT_TIMEOUT_S = 30;

/** Runs the feature's scripts on a server of the caller's namespace (or a shared one). */
export interface NginxRemote {
  /** The server if the caller may use it (own namespace or shared, enabled), else code 1. */
  server(ctx: RequestContext, serverId: number): Promise<UsableServer>;
  /** Runs a script built here, sent as it is; keeps `keepBytes` of each output (64 KiB default). */
  run(
    ctx: RequestContext,
    serverId: number,
    script: string,
    keepBytes?: number,
  ): Promise<ServerExecResult>;
}

export function createNginxRemote(deps: {
  servers: Pick<ServerDirectory, 'access'>;
  execOnServer: RemoteRunApi['execOnServer'];
}): NginxRemote {
  return {
    server: (ctx, serverId) => deps.servers.access.usable(ctx, serverId),
    run: (ctx, serverId, script, keepBytes) =>
      deps.execOnServer(ctx.namespaceId, serverId, script, {
        timeoutS: SCRIPT_TIMEOUT_S,
        // SECURITY: scripts built here hold quoted values; no variable is substituted into them.
        substitute: false,
        signal: AbortSignal.timeout((SCRIPT_TIMEOUT_S + 5) * 1000),
        ...(keepBytes ? { keepBytes } : {}),
      }),
  };
}

/** The refusal for a script that ended otherwise than the feature expects. */
export function scriptFailed(what: string, r: ServerExecResult): Error {
  const said = (r.stderr.trim() || r.stdout.trim()).slice(-500);
  const end = r.signal ? `was killed by ${r.signal}` : `exited with ${String(r.code)}`;
  return failed(`${what}: the command ${end}${said ? `: ${said}` : ''}`, NginxReason.commandFailed);
}

/**
 * The refusal for a file the scripts found missing, too large, already there, or linked out of the
 * configuration directories: that one is 10003 naming the field `fields` maps the path to.
 */
export function fileRefusal(
  code: number | null,
  file: string,
  r: ServerExecResult,
  fields: Readonly<Record<string, string>> = {},
): Error | null {
  if (code === ScriptExit.linkOut) return linkOutRefusal(r, fields);
  if (code === ScriptExit.missing) return failed(`${file} does not exist`, NginxReason.fileMissing);
  if (code === ScriptExit.exists) return failed(`${file} already exists`, NginxReason.fileExists);
  if (code === ScriptExit.tooLarge) {
    return failed(
      `${file} is larger than 1 MiB (${r.stderr.trim()} bytes): edit it on the server`,
      NginxReason.fileTooLarge,
    );
  }
  return null;
}

/**
 * SECURITY: a path the script's `inside` refused, named with the field that gave it and where it
 * leads (a path, never what the file holds).
 */
function linkOutRefusal(r: ServerExecResult, fields: Readonly<Record<string, string>>): Error {
  const [, given = '', real = ''] = LINK_OUT_LINE.exec(r.stderr) ?? [];
  const field = fields[given] ?? Object.values(fields)[0] ?? 'file';
  const where = real ? `leads to ${real}` : 'cannot be resolved by realpath on the server';
  return invalid(
    field,
    `must not name a link out of the configuration directories: ${given} ${where}`,
  );
}
