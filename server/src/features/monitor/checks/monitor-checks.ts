import {
  MonitorType,
  type MonitorCheckResult,
  type MonitorItemResult,
  type MonitorTarget,
  type MonitorTypeId,
} from '@ferry/contract';
import { messageOf, type ItemCheck } from './check-item.js';
import { pingCheck } from './ping-check.js';
import { portCheck } from './port-check.js';
import { processCheck } from './process-check.js';
import { scriptCheck } from './script-check.js';
import type { ExecOnServer } from './server-item.js';
import { siteCheck } from './site-check.js';

export type { ExecOnServer };

/**
 * The check kinds of application monitors (docs/decisions/0029-monitor-checks.md). `run` checks
 * every item of `target` at once and records each; the check passes when all passed, its
 * latency is the slowest item's and its message the first failing item's (in the items' order).
 * It never rejects: whatever goes wrong is an item's message.
 */
export function createMonitorChecks(deps: {
  /** The remote-run engine's one-off exec (process and script checks). */
  execOnServer: ExecOnServer;
  /** Certificates trusted instead of the system's for site checks (tests' own CA). */
  ca?: string | Buffer;
  /** The ping program (default `ping` on the PATH). */
  pingProgram?: string;
}) {
  const kinds: Record<MonitorTypeId, ItemCheck> = {
    [MonitorType.site]: siteCheck({ ca: deps.ca }),
    [MonitorType.port]: portCheck,
    [MonitorType.ping]: pingCheck(deps.pingProgram ? { program: deps.pingProgram } : {}),
    [MonitorType.process]: processCheck(deps.execOnServer),
    [MonitorType.script]: scriptCheck(deps.execOnServer),
  };

  async function checkItem(
    check: ItemCheck,
    item: string,
    target: MonitorTarget,
    ctx: { namespaceId: number; signal: AbortSignal },
  ): Promise<MonitorItemResult> {
    const started = performance.now();
    try {
      if (ctx.signal.aborted)
        return { item, ok: false, latencyMs: 0, message: 'The check was stopped.' };
      const { latencyMs, ...outcome } = await check(item, target, ctx);
      return { item, ...outcome, latencyMs: latencyMs ?? Math.round(performance.now() - started) };
    } catch (err) {
      const latencyMs = Math.round(performance.now() - started);
      return { item, ok: false, latencyMs, message: messageOf(err) };
    }
  }

  return {
    async run(
      scope: { namespaceId: number },
      type: MonitorTypeId,
      target: MonitorTarget,
      signal: AbortSignal = new AbortController().signal,
    ): Promise<MonitorCheckResult> {
      const check = kinds[type] as ItemCheck | undefined;
      if (!check) {
        return { ok: false, latencyMs: 0, message: `Unknown monitor type ${type}.`, items: [] };
      }
      const ctx = { namespaceId: scope.namespaceId, signal };
      const items = await Promise.all(
        target.items.map((item) => checkItem(check, item, target, ctx)),
      );
      const failing = items.find((i) => !i.ok);
      return {
        ok: failing === undefined && items.length > 0,
        latencyMs: Math.max(0, ...items.map((i) => i.latencyMs)),
        message: failing?.message ?? (items.length === 0 ? 'No item to check.' : ''),
        items,
      };
    },
  };
}

export type MonitorChecks = ReturnType<typeof createMonitorChecks>;
