import {
  MonitorType,
  type MonitorCheckResult,
  type MonitorTypeId,
  type RouteParsed,
  type monitorRoutes,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { failed, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';
import type { ServerDirectory } from '../server/server.api.js';
import { chartOf, sparklinesOf } from './engine/history.js';
import type { MonitorCheckRunner, MonitorScriptRunner } from './engine/monitor-deps.js';
import { runMonitorScript, type ScriptRun } from './engine/scripts.js';
import { monitorColumnsOf, newMonitorState } from './monitor-columns.js';
import { presentIncident, presentMonitor, targetOf } from './monitor.presenter.js';
import type { MonitorRepository } from './monitor.repository.js';

type Form = RouteParsed<typeof monitorRoutes.add>;
type CheckInput = RouteParsed<typeof monitorRoutes.check>;
type EditInput = RouteParsed<typeof monitorRoutes.edit>;

const HOUR = 3_600_000;

/**
 * Monitors' rules: who lists, adds, changes, pauses and removes them, the form's "Test", and the
 * history. SECURITY: another namespace's monitor answers code 1 as if it did not exist, and every
 * server a monitor names (scripts, process and script items) must be one the namespace may use.
 */
export function createMonitorService(deps: {
  repo: MonitorRepository;
  clock: Clock;
  /** Seals, opens and masks the notification address. */
  targets: NotifyTargets;
  servers: Pick<ServerDirectory, 'visible' | 'usableIds'>;
  checks: MonitorCheckRunner | undefined;
  scripts: MonitorScriptRunner | undefined;
  /** Wakes the scheduler, so a new or resumed monitor is checked at once. */
  wake: () => void;
}) {
  const { repo, clock, targets } = deps;

  async function own(ctx: RequestContext, id: number) {
    const row = await repo.byId(id);
    if (!row || row.namespace_id !== ctx.namespaceId) throw notFound('Monitor');
    return row;
  }

  /** Every server the form names must be one the caller's namespace may use; else code 1. */
  async function checkServers(ctx: RequestContext, input: CheckInput | Form): Promise<void> {
    const ids = new Set<number>();
    if (input.successServerId) ids.add(input.successServerId);
    if (input.failServerId) ids.add(input.failServerId);
    if (input.type === MonitorType.process || input.type === MonitorType.script) {
      for (const item of input.target.items) ids.add(Number(item));
    }
    for (const id of ids) await deps.servers.visible(ctx, id);
  }

  const settings = (form: Form, stored?: string) => monitorColumnsOf(form, targets, stored);

  return {
    async list(ctx: RequestContext) {
      const rows = await repo.list(ctx.namespaceId);
      const now = clock.now();
      const uptime = await repo.uptime(
        rows.map((r) => r.id),
        [now - 24 * HOUR, now - 7 * 24 * HOUR, now - 30 * 24 * HOUR],
      );
      return {
        list: rows.map((r) => presentMonitor(r, targets.shown(r.notify_target), uptime.get(r.id))),
      };
    },

    async add(ctx: RequestContext, form: Form) {
      await checkServers(ctx, form);
      const now = clock.now();
      const id = await repo.insert({
        namespace_id: ctx.namespaceId,
        ...settings(form),
        error_content: '',
        ...newMonitorState(1, now),
        insert_time: now,
        update_time: now,
      });
      deps.wake();
      return { id };
    },

    /** New settings apply from the next check, which is due at once; the state is kept. */
    /** Site options the form left out (goploy's form knows none) keep their stored values. */
    async edit(ctx: RequestContext, input: EditInput) {
      const row = await own(ctx, input.id);
      await checkServers(ctx, input);
      const stored = targetOf(row);
      const kept = Object.fromEntries(input.keptSiteOptions.map((k) => [k, stored[k]]));
      const now = clock.now();
      await repo.update(row.id, {
        ...settings({ ...input, target: { ...input.target, ...kept } }, row.notify_target),
        update_time: now,
        ...(row.state === 1 ? { next_check: now } : {}),
      });
      deps.wake();
    },

    /** SECURITY: the notify address in clear, to those who may edit the monitor alone. */
    async showNotifyTarget(ctx: RequestContext, id: number) {
      const row = await own(ctx, id);
      return { notifyTarget: targets.open(row.notify_target) };
    },

    /** Paused, a monitor is not checked and its outage ends unannounced; resumed, it starts anew. */
    async toggle(ctx: RequestContext, input: { id: number; state: 0 | 1 }) {
      const row = await own(ctx, input.id);
      if (row.state === input.state) return;
      const now = clock.now();
      if (row.incident_id !== 0) await repo.incidents.update(row.incident_id, { end_time: now });
      await repo.update(row.id, {
        state: input.state,
        status: input.state === 1 ? 'unknown' : 'paused',
        fail_count: 0,
        down_since: 0,
        last_alert_time: 0,
        alerts_sent: 0,
        incident_id: 0,
        next_check: input.state === 1 ? now : 0,
        lease_owner: '',
        lease_until: 0,
        update_time: now,
      });
      if (input.state === 1) deps.wake();
    },

    async remove(ctx: RequestContext, id: number) {
      await repo.remove((await own(ctx, id)).id);
    },

    /**
     * One check now, as the form's "Test": the scripts only when asked. A failing check is
     * code 2 with its message (goploy's answer) and the same data as a passing one.
     */
    async check(ctx: RequestContext, input: CheckInput) {
      await checkServers(ctx, input);
      if (!deps.checks) throw failed('Monitor checks are not available', 'checks_unavailable');
      const signal = AbortSignal.timeout(input.target.timeout * 1000 + 5000);
      let result: MonitorCheckResult;
      try {
        result = await deps.checks(
          { namespaceId: ctx.namespaceId },
          input.type as MonitorTypeId,
          input.target,
          signal,
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        result = { ok: false, latencyMs: 0, message, items: [] };
      }
      let scripts: ScriptRun[] = [];
      if (input.runScripts === 1) {
        const kind = result.ok ? 'success' : 'fail';
        const plan = {
          namespaceId: ctx.namespaceId,
          type: input.type,
          serverId: result.ok ? input.successServerId : input.failServerId,
          script: result.ok ? input.successScript : input.failScript,
        };
        scripts = await runMonitorScript(
          { scripts: deps.scripts, usable: (ns) => deps.servers.usableIds(ns) },
          plan,
          kind,
          result,
        );
      }
      const data = { ...result, scripts };
      if (!result.ok) throw failed(result.message || 'The check failed', 'check_failed', data);
      return data;
    },

    async checks(ctx: RequestContext, input: RouteParsed<typeof monitorRoutes.getChecks>) {
      const row = await own(ctx, input.id);
      return chartOf(repo, row.id, input.range, clock.now());
    },

    /** The last hour of the caller's namespace's monitors among `ids`; others are left out. */
    async sparklines(ctx: RequestContext, ids: number[]) {
      const own = new Set((await repo.list(ctx.namespaceId)).map((r) => r.id));
      const wanted = [...new Set(ids)].filter((id) => own.has(id));
      return sparklinesOf(repo, wanted, clock.now());
    },

    async incidents(ctx: RequestContext, input: { id: number; page: number; rows: number }) {
      const row = await own(ctx, input.id);
      const { list, total } = await repo.incidents.page(row.id, input.page, input.rows);
      const now = clock.now();
      return {
        list: list.map((i) => presentIncident(i, now)),
        pagination: { page: input.page, rows: input.rows, total },
      };
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
