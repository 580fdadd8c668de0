import { MonitorType, type MonitorCheckResult } from '@ferry/contract';
import type { MonitorScriptRunner, ScriptOutcome } from './monitor-deps.js';

/** A success or fail script's own time limit, in seconds. */
export const SCRIPT_TIMEOUT_S = 60;
/** The most of a script's output kept with an outage. */
const OUTPUT_MAX = 64 * 1024;

export interface ScriptRun extends ScriptOutcome {
  kind: 'success' | 'fail';
  serverId: number;
}

export interface ScriptPlan {
  namespaceId: number;
  type: number;
  /** The configured server, or 0 for the servers of the items. */
  serverId: number;
  script: string;
}

/**
 * Where a success or fail script runs: the chosen server, or with 0 ("the item's server") the
 * servers of the process or script items that failed (fail) or were checked (success).
 */
export function scriptServers(plan: ScriptPlan, kind: 'success' | 'fail', r: MonitorCheckResult) {
  if (plan.serverId !== 0) return [plan.serverId];
  if (plan.type !== MonitorType.process && plan.type !== MonitorType.script) return [];
  const items = kind === 'fail' ? r.items.filter((i) => !i.ok) : r.items;
  return [...new Set(items.map((i) => Number(i.item)).filter((n) => Number.isInteger(n) && n > 0))];
}

/**
 * Runs a success or fail script on its servers, one after the other, never throwing: a server
 * the namespace may not use (any more), or one that cannot be reached, is a result saying so.
 */
export async function runMonitorScript(
  deps: {
    scripts: MonitorScriptRunner | undefined;
    usable: (namespaceId: number) => Promise<Set<number>>;
  },
  plan: ScriptPlan,
  kind: 'success' | 'fail',
  result: MonitorCheckResult,
): Promise<ScriptRun[]> {
  if (plan.script.trim() === '') return [];
  const ids = scriptServers(plan, kind, result);
  if (ids.length === 0) return [];
  const usable = await deps.usable(plan.namespaceId);
  const runs: ScriptRun[] = [];
  for (const serverId of ids) {
    const refused = (stderr: string): ScriptRun => ({
      kind,
      serverId,
      code: null,
      stdout: '',
      stderr,
      durationMs: 0,
    });
    if (!usable.has(serverId)) {
      runs.push(refused('the server is not one of the namespace'));
      continue;
    }
    if (!deps.scripts) {
      runs.push(refused('running scripts is not available'));
      continue;
    }
    try {
      const out = await deps.scripts(plan.namespaceId, serverId, plan.script, {
        timeoutS: SCRIPT_TIMEOUT_S,
      });
      runs.push({ kind, serverId, ...out });
    } catch (err) {
      runs.push(refused(err instanceof Error ? err.message : String(err)));
    }
  }
  return runs;
}

/** The runs as kept with an outage: per server, its exit code and output. */
export function scriptOutputText(runs: readonly ScriptRun[]): string {
  const text = runs
    .map(
      (r) =>
        `[server ${r.serverId}] exit ${r.code ?? '-'} (${r.durationMs} ms)\n` +
        [r.stdout, r.stderr].filter((s) => s !== '').join('\n'),
    )
    .join('\n');
  return text.length > OUTPUT_MAX ? text.slice(text.length - OUTPUT_MAX) : text;
}
