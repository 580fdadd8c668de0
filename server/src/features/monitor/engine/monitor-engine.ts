import {
  HubType,
  monitorTargetObject,
  Perm,
  type MonitorCheckResult,
  type MonitorState,
  type MonitorStateMessage,
  type MonitorTypeId,
} from '@ferry/contract';
import type { Clock } from '../../../core/clock.js';
import { formatTime } from '../../../core/clock.js';
import type { Hub, Audience } from '../../../core/ws/hub.js';
import { startTicker, type Ticker } from '../../../infra/jobs/ticker.js';
import type { MonitorRecord, MonitorRepository } from '../monitor.repository.js';
import type { MonitorAlerts } from './alerts.js';
import type { MonitorCheckRunner, MonitorScriptRunner } from './monitor-deps.js';
import { createResultWriter } from './result-writer.js';
import { runMonitorScript, scriptOutputText, type ScriptPlan } from './scripts.js';
import { decide, type MonitorStatus } from './state-machine.js';

/**
 * How long a console holds a monitor whose check it runs (a check, its scripts, the alert); a
 * pass renews it past half while the check still runs, so a console that died holds its
 * monitors at most this long before another console (or itself, restarted) takes them again.
 */
export const LEASE_MS = 60_000;
/** Extra time past the target's own timeout before the engine gives a check up. */
const CHECK_GRACE_MS = 5_000;

export interface MonitorEngineOptions {
  /** Checks running at once in this console, at most. */
  cap?: number;
  /** How often due monitors are looked for. */
  tickMs?: number;
  /** Results are written at least this often, in one batch. */
  writeEveryMs?: number;
}

export interface MonitorEngine {
  /** Claims the monitors due now and starts their checks (they run on). */
  pass(): Promise<void>;
  /** A pass, then waits for every check under way and writes their results (tests). */
  runDue(): Promise<void>;
  /** Checks under way in this console. */
  running(): number;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The monitor scheduler. Every `tickMs` it reads the due monitors (`state = 1 and next_check <=
 * now`, not held by a console) and takes each with one conditional update (`where next_check =
 * <the time read>`, setting the next time and this console's lease): of several consoles on one
 * database exactly one wins a time, and a restart finds it taken. Checks run concurrently up to
 * `cap`, each with its own time limit, so a slow target delays no other; results are written in
 * batches, the state of each monitor as its check ends.
 */
export function createMonitorEngine(
  deps: {
    repo: MonitorRepository;
    clock: Clock;
    checks: MonitorCheckRunner;
    scripts: MonitorScriptRunner | undefined;
    usable: (namespaceId: number) => Promise<Set<number>>;
    alerts: MonitorAlerts;
    hub: Pick<Hub, 'publish'>;
    log: { error(o: object, m: string): void };
    owner: string;
  },
  options: MonitorEngineOptions = {},
): MonitorEngine {
  const { repo, clock, owner } = deps;
  const cap = options.cap ?? 64;
  const writer = createResultWriter(repo, {
    everyMs: options.writeEveryMs ?? 1000,
    max: 500,
    log: deps.log,
  });
  const inflight = new Map<number, Promise<void>>();
  /** When this console last took or renewed the lease of each check under way. */
  const leased = new Map<number, number>();
  let ticker: Ticker | undefined;
  let stopping = false;
  /** The last pass found as many due monitors as it had free slots: more may be waiting. */
  let backlog = false;
  let refilling = false;

  /** The next due time: one interval after the one taken, or after now when that has passed. */
  const nextTime = (read: number, second: number, now: number) => {
    const next = read + second * 1000;
    return next > now ? next : now + second * 1000;
  };

  // Passes of one console never overlap: one asked for waits for the one under way.
  let passing: Promise<void> = Promise.resolve();
  const pass = (): Promise<void> => (passing = passing.then(claimDue, claimDue));

  async function claimDue(): Promise<void> {
    if (stopping) return;
    await renewLeases();
    const free = cap - inflight.size;
    // Every slot taken: monitors may be due; a check that ends looks again (`refill`).
    backlog = free <= 0;
    if (backlog) return;
    const now = clock.now();
    const due = await repo.due(now, free);
    backlog = due.length === free;
    for (const d of due) {
      if (inflight.has(d.id) || inflight.size >= cap) continue;
      const lease = { owner, until: now + LEASE_MS, now };
      if (!(await repo.take(d.id, d.next_check, nextTime(d.next_check, d.second, now), lease))) {
        continue;
      }
      leased.set(d.id, now);
      // The row as read is the one taken: the conditional update matched its `next_check`, which
      // an edit or a toggle would have moved.
      const run = checkOne({ ...d, lease_owner: owner, lease_until: lease.until })
        .catch((err: unknown) => deps.log.error({ err, monitorId: d.id }, 'monitor check failed'))
        .finally(() => {
          inflight.delete(d.id);
          leased.delete(d.id);
          refill();
        });
      inflight.set(d.id, run);
    }
  }

  /**
   * A check with its scripts may outlast the lease (a 125 s check, then a 60 s script on each of
   * up to 20 servers): past half the lease, a pass renews it, so no other console takes the
   * monitor while its check still runs here.
   */
  async function renewLeases(): Promise<void> {
    const now = clock.now();
    const old = [...leased].filter(([, at]) => now - at >= LEASE_MS / 2).map(([id]) => id);
    if (old.length === 0) return;
    await repo.renew(old, owner, now + LEASE_MS);
    for (const id of old) if (leased.has(id)) leased.set(id, now);
  }

  /**
   * A pass at once when half the slots are free again and the last pass left monitors due: the
   * cap bounds the checks under way, not the checks a tick may start.
   */
  function refill(): void {
    if (!backlog || refilling || stopping || inflight.size > cap / 2) return;
    refilling = true;
    void pass()
      .catch((err: unknown) => deps.log.error({ err }, 'monitor checks failed'))
      .finally(() => (refilling = false));
  }

  async function checkOne(m: MonitorRecord): Promise<void> {
    const started = clock.now();
    const result = await runCheck(m);
    writer.add(m.id, started, result.ok, result.latencyMs, result.message);
    await apply(m, result, started);
  }

  async function runCheck(m: MonitorRecord): Promise<MonitorCheckResult> {
    const failed = (message: string): MonitorCheckResult => ({
      ok: false,
      latencyMs: 0,
      message,
      items: [],
    });
    let target;
    try {
      target = monitorTargetObject.parse(JSON.parse(m.target));
    } catch {
      return failed('the stored target is not valid');
    }
    const signal = AbortSignal.timeout(target.timeout * 1000 + CHECK_GRACE_MS);
    try {
      const check = deps.checks(
        { namespaceId: m.namespace_id },
        m.type as MonitorTypeId,
        target,
        signal,
      );
      // A check that ignores its signal still ends here.
      const late = new Promise<MonitorCheckResult>((resolve) =>
        signal.addEventListener('abort', () => resolve(failed('no answer in time')), {
          once: true,
        }),
      );
      return await Promise.race([check, late]);
    } catch (err) {
      return failed(err instanceof Error ? err.message : String(err));
    }
  }

  async function apply(m: MonitorRecord, result: MonitorCheckResult, checkedAt: number) {
    const now = clock.now();
    const before: MonitorStatus = {
      status: m.status as MonitorState,
      failCount: m.fail_count,
      downSince: m.down_since,
      lastAlertTime: m.last_alert_time,
      alertsSent: m.alerts_sent,
    };
    const { next, actions } = decide(before, result.ok, now, {
      times: m.times,
      silentCycle: m.silent_cycle,
      notifyTimes: m.notify_times,
      failScriptAlways: m.fail_script_always === 1,
      successScriptAlways: m.success_script_always === 1,
    });

    let incidentId = m.incident_id;
    if (actions.incident === 'open') {
      incidentId = await repo.incidents.open({
        monitor_id: m.id,
        namespace_id: m.namespace_id,
        start_time: next.downSince,
        end_time: 0,
        error: result.message.slice(0, 4096),
        alerts_sent: 0,
        recovery_sent: 0,
        fail_script_output: '',
        success_script_output: '',
      });
    }

    const plan = (kind: 'success' | 'fail'): ScriptPlan => ({
      namespaceId: m.namespace_id,
      type: m.type,
      serverId: kind === 'fail' ? m.fail_server_id : m.success_server_id,
      script: kind === 'fail' ? m.fail_script : m.success_script,
    });
    if (actions.failScript) {
      const runs = await runMonitorScript(deps, plan('fail'), 'fail', result);
      if (runs.length > 0 && incidentId !== 0) {
        await repo.incidents.update(incidentId, { fail_script_output: scriptOutputText(runs) });
      }
    }
    if (actions.successScript) {
      const runs = await runMonitorScript(deps, plan('success'), 'success', result);
      if (runs.length > 0 && actions.incident === 'close' && incidentId !== 0) {
        await repo.incidents.update(incidentId, { success_script_output: scriptOutputText(runs) });
      }
    }

    const notifies = m.notify_type !== 0 && m.notify_target !== '';
    if (actions.alert) {
      await deps.alerts.send(m, actions.alert, {
        error: result.message,
        now,
        downSince: actions.alert === 'recovered' ? m.down_since : next.downSince,
      });
      if (actions.alert !== 'recovered' && notifies && incidentId !== 0) {
        await repo.incidents.addAlert(incidentId);
      }
    }
    if (actions.incident === 'close' && incidentId !== 0) {
      await repo.incidents.update(incidentId, { end_time: now, recovery_sent: notifies ? 1 : 0 });
    }

    const alerted = actions.alert === 'down' || actions.alert === 'repeat';
    const settled = await repo.settle(m.id, owner, {
      status: next.status,
      fail_count: next.failCount,
      down_since: next.downSince,
      last_alert_time: next.lastAlertTime,
      alerts_sent: next.alertsSent,
      incident_id: actions.incident === 'close' ? 0 : incidentId,
      last_check_time: checkedAt,
      last_latency_ms: Math.round(result.latencyMs),
      last_error: result.ok ? '' : result.message.slice(0, 4096),
      ...(alerted ? { error_content: result.message.slice(0, 4096) } : {}),
    });
    if (!settled) return;
    const audience: Audience = { permissions: [Perm.ShowMonitorPage] };
    if (actions.changed) {
      const message: MonitorStateMessage = {
        monitorId: m.id,
        status: next.status,
        failCount: next.failCount,
        lastCheckTime: formatTime(checkedAt),
        latencyMs: Math.round(result.latencyMs),
        error: result.ok ? '' : result.message,
      };
      deps.hub.publish(m.namespace_id, { type: HubType.monitorState, message }, audience);
    }
    if (actions.alert === 'down') {
      deps.hub.publish(
        m.namespace_id,
        { type: HubType.monitorAlert, message: { monitorId: m.id, errorContent: result.message } },
        audience,
      );
    }
  }

  /** Waits for the passes and checks under way, those they start in turn, then the results. */
  async function settleAll(): Promise<void> {
    for (;;) {
      await passing.catch(() => undefined);
      if (inflight.size === 0) break;
      await Promise.all([...inflight.values()]);
    }
    await writer.flush();
  }

  return {
    pass,
    async runDue() {
      await pass();
      await settleAll();
    },
    running: () => inflight.size,
    start() {
      stopping = false;
      ticker ??= startTicker(pass, {
        everyMs: options.tickMs ?? 500,
        log: deps.log,
        what: 'monitor checks',
      });
    },
    async stop() {
      stopping = true;
      await ticker?.stop();
      ticker = undefined;
      await settleAll();
    },
  };
}
