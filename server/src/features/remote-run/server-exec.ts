import { notFound } from '../../core/errors.js';
import { substitute } from '../../core/variables.js';
import { serverVariables, type ServerDirectory } from '../server/server.api.js';
import { interpreterCommand } from './interpreters.js';
import { maskerOf } from './output-stream.js';
import type { ExecOnServerOptions, ServerExecResult } from './remote-run.api.js';

/** What a one-off exec keeps of each of stdout and stderr: its last 64 KiB, unless told more. */
export const SERVER_EXEC_KEEP_BYTES = 64 * 1024;
/** The most a one-off exec may be told to keep: what the connection keeps of a command, 1 MiB. */
export const SERVER_EXEC_MAX_KEEP_BYTES = 1024 * 1024;

/** The last `limit` bytes of `text` as UTF-8, never starting inside a character. */
export function tailOf(text: string, limit: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return text;
  let from = bytes.length - limit;
  // A UTF-8 continuation byte (10xxxxxx) never starts a character.
  while (from < bytes.length && (bytes[from]! & 0xc0) === 0x80) from++;
  return bytes.subarray(from).toString('utf8');
}

/**
 * The engine's one-off exec: `script` run by `sh -s` on one server of the namespace through the
 * pooled connection, as a run's part is (same access check, variables, command and stop), but
 * recorded nowhere and told to nobody. For background work with no caller, as monitor checks.
 */
export function createServerExec(servers: ServerDirectory) {
  const access = servers.access;
  return async function execOnServer(
    namespaceId: number,
    serverId: number,
    script: string,
    opts: ExecOnServerOptions,
  ): Promise<ServerExecResult> {
    const server = await access.usableIn(namespaceId, serverId);
    const { servers: facts, secrets } = await servers.forDeploy([server.id]);
    const f = facts[0];
    if (!f) throw notFound('Server');
    const text =
      opts.substitute === false
        ? script
        : substitute(script, { ...opts.variables, ...serverVariables(f) });
    const result = await access.exec(server, interpreterCommand('sh'), {
      stdin: text,
      timeoutMs: opts.timeoutS * 1000,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    // Masked before the cut: a secret is whole in the kept 1 MiB, so none is cut in two here.
    const mask = maskerOf(secrets);
    const keep = Math.min(opts.keepBytes ?? SERVER_EXEC_KEEP_BYTES, SERVER_EXEC_MAX_KEEP_BYTES);
    return {
      code: result.code,
      signal: result.signal,
      stdout: tailOf(mask(result.stdout), keep),
      stderr: tailOf(mask(result.stderr), keep),
      durationMs: result.durationMs,
    };
  };
}
