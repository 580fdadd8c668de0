import type { RemoteRunApi, ServerExecResult } from '../../remote-run/remote-run.api.js';
import { ExecError } from '../../../infra/ssh/ssh-errors.js';
import { messageOf } from './check-item.js';

/** The engine's one-off exec, as the checks use it. */
export type ExecOnServer = RemoteRunApi['execOnServer'];

/** How long past its own limit a check waits for a busy or slow connection before it gives up. */
const CONNECT_GRACE_S = 5;

/** A process or script item's server id, or a message saying what is wrong with it. */
export function serverIdOf(item: string): number | { error: string } {
  const id = /^\d{1,15}$/.test(item) ? Number(item) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : { error: `"${item}" is not a server id.` };
}

/**
 * Runs `script` on the item's server within the check's time limit: resolves the exec's result,
 * or a message (not a server id, not usable here, unreachable, timed out, stopped).
 */
export async function execOnItem(
  exec: ExecOnServer,
  item: string,
  script: string,
  ctx: { namespaceId: number; signal: AbortSignal; timeoutS: number; substitute: boolean },
): Promise<ServerExecResult | { error: string }> {
  const id = serverIdOf(item);
  if (typeof id !== 'number') return id;
  const limit = AbortSignal.timeout((ctx.timeoutS + CONNECT_GRACE_S) * 1000);
  try {
    return await exec(ctx.namespaceId, id, script, {
      timeoutS: ctx.timeoutS,
      signal: AbortSignal.any([ctx.signal, limit]),
      substitute: ctx.substitute,
    });
  } catch (err) {
    if (err instanceof ExecError && err.reason === 'exec_timeout') {
      return { error: `Stopped after the time limit of ${ctx.timeoutS} s.` };
    }
    if (ctx.signal.aborted) return { error: 'The check was stopped.' };
    if (limit.aborted) return { error: `No answer within the time limit of ${ctx.timeoutS} s.` };
    return { error: `Server ${id}: ${messageOf(err)}` };
  }
}
