import type { CommandContext, OptionValues } from './command.js';
import { parseDuration, formatDuration } from './duration.js';
import { ExitCode, type ExitCodeValue } from './exit-codes.js';
import { followDeploy } from './follow-deploy.js';
import { serverNamesOf } from './lookup.js';
import { failureReasons } from './trace.js';

/** The default of `--timeout`. */
export const DEFAULT_TIMEOUT = '10m';

/** `--timeout` in milliseconds (checked before anything is asked of the console). */
export function timeoutOf(values: OptionValues): number {
  return parseDuration(typeof values.timeout === 'string' ? values.timeout : DEFAULT_TIMEOUT);
}

/**
 * After a publish or a rollback answered `token`: without `--wait`, prints the token; with it,
 * follows the deploy and says how it ended (a failure with each failed stage's output). Answers
 * the exit code; `facts` go into the `--json` document.
 */
export async function reportDeploy(
  ctx: CommandContext,
  project: { id: number; name: string },
  token: string,
  facts: Record<string, unknown>,
): Promise<ExitCodeValue> {
  const { out, values } = ctx;
  const timeoutMs = timeoutOf(values);
  const base = { project: project.name, projectId: project.id, token, ...facts };
  if (!values.wait) {
    if (out.json) out.document({ ...base, status: 'queued' });
    else out.line(token);
    return ExitCode.ok;
  }
  if (!out.json) out.line(out.dim(`deploying ${project.name} (${token})`));
  const serverNames = await serverNamesOf(ctx.client, project.id);
  const result = await followDeploy({
    client: ctx.client,
    openHub: ctx.openHub,
    out,
    token,
    timeoutMs,
    serverNames,
  });
  const took = formatDuration(result.durationMs);
  if (result.status === 'succeeded') {
    if (out.json) out.document({ ...base, status: result.status, durationMs: result.durationMs });
    else out.line(out.green(`deployed ${project.name} (${token}) in ${took}`));
    return ExitCode.ok;
  }
  // The trace needs DeployDetail; without it the deploy still failed, exit code 1 all the same.
  const failures = await failureReasons(ctx.client, token, serverNames).catch((err: Error) => {
    out.error(out.dim(`the failed stages cannot be read: ${err.message}`));
    return [];
  });
  if (out.json) {
    out.document({ ...base, status: result.status, durationMs: result.durationMs, failures });
  } else {
    for (const f of failures) {
      out.error(out.red(`${f.stage}${f.server ? ` on ${f.server}` : ''} failed:`));
      if (f.detail) out.error(f.detail);
    }
  }
  out.error(out.red(`the deploy of ${project.name} (${token}) ${result.status} after ${took}`));
  return ExitCode.failed;
}
