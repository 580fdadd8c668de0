import type { MonitorCheckResult, MonitorTarget, MonitorTypeId } from '@ferry/contract';
import type { Variables } from '../../../core/variables.js';

/**
 * What the engine runs a check with: the check kinds (`monitor/checks`), given the namespace whose
 * servers process and script items may use. It never throws for a failing target: a failure is
 * a result with `ok: false`. `signal` ends the check early (the engine's own time limit).
 */
export type MonitorCheckRunner = (
  scope: { namespaceId: number },
  type: MonitorTypeId,
  target: MonitorTarget,
  signal?: AbortSignal,
) => Promise<MonitorCheckResult>;

/** How a success or fail script ended on its server. */
export interface ScriptOutcome {
  /** The exit code; null when it did not end by itself (timeout, stopped, unreachable). */
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/**
 * Runs a script once on a server of the namespace (remote-run's `execOnServer`): the server's
 * variables (and `variables`) substituted. It refuses a server the namespace may not use.
 */
export type MonitorScriptRunner = (
  namespaceId: number,
  serverId: number,
  script: string,
  options: { timeoutS: number; variables?: Variables; signal?: AbortSignal },
) => Promise<ScriptOutcome>;
