import { NginxReason } from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import { failed } from '../../core/errors.js';
import type { RemoteRunApi, ServerExecResult } from '../remote-run/remote-run.api.js';
import type { ServerDirectory, UsableServer } from '../server/server.api.js';
import { ScriptExit } from './nginx-scripts.js';

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

/** The refusal for a file the scripts found missing, too large, or already there. */
export function fileRefusal(code: number | null, file: string, r: ServerExecResult): Error | null {
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
