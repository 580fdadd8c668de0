import type { RuleFormula, RuleOperator, RuleState } from '@ferry/contract';
import type { Clock } from '../../../core/clock.js';
import { startTicker, type Ticker } from '../../../infra/jobs/ticker.js';
import type { ServerAccess } from '../../server/server.api.js';
import { evaluateRule, inTimeOfDay, type RuleStatus } from './evaluate.js';
import type { RuleAlerts } from './rule-alerts.js';
import type { RuleRecord, RuleRepository } from './rule.repository.js';

const MINUTE = 60_000;
/** How long a console holds a rule it evaluates (one aggregate, one write, one notice). */
export const RULE_LEASE_MS = 60_000;
/**
 * A window is evaluated this long after it ended, so samples taken just before its end (an SSH
 * collection, an agent's report on its way) are stored by then.
 */
export const RULE_SETTLE_MS = 15_000;

export interface RuleEngineOptions {
  /** How often due rules are looked for. */
  tickMs?: number;
  /** Rules taken in one pass, at most. */
  batch?: number;
}

export interface RuleEngine {
  /** Evaluates the rules whose window is due now, in this console; resolves when done. */
  evaluateDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** The end of the last whole window of `cycle` minutes at `time`: windows align to the clock. */
export const windowEnd = (time: number, cycle: number) =>
  Math.floor(time / (cycle * MINUTE)) * cycle * MINUTE;

/** The first window end at or after `time`: a new or edited rule's first evaluation. */
export const firstWindowEnd = (time: number, cycle: number) =>
  Math.ceil(time / (cycle * MINUTE)) * cycle * MINUTE;

/**
 * The warning rule scheduler. Every `tickMs` it reads the rules whose window ended at least
 * RULE_SETTLE_MS ago (`next_eval`), not held by a console, and takes each with one conditional
 * update (`where next_eval = <the time read>`, setting the next window's end and this console's
 * lease): of several consoles on one database exactly one evaluates a window. The window is the
 * last whole `group_cycle` minutes (a console that was down resumes with the latest window, it
 * does not replay the missed ones); its aggregate is read in SQL, the state written back while
 * the lease is held, and then the alert or recovery is sent.
 */
export function createRuleEngine(
  deps: {
    repo: RuleRepository;
    clock: Clock;
    servers: Pick<ServerAccess, 'usableIn'>;
    alerts: RuleAlerts;
    log: { error(o: object, m: string): void };
    owner: string;
  },
  options: RuleEngineOptions = {},
): RuleEngine {
  const { repo, clock, owner } = deps;
  const batch = options.batch ?? 200;
  let ticker: Ticker | undefined;

  // Passes of one console never overlap: one asked for waits for the one under way.
  let passing: Promise<void> = Promise.resolve();
  const evaluateDue = (): Promise<void> => (passing = passing.then(pass, pass));

  async function pass(): Promise<void> {
    for (;;) {
      const now = clock.now();
      const due = await repo.due(now - RULE_SETTLE_MS, now, batch);
      for (const r of due) {
        const end = windowEnd(now - RULE_SETTLE_MS, r.group_cycle);
        const lease = { owner, until: now + RULE_LEASE_MS, now };
        if (!(await repo.take(r.id, r.next_eval, end + r.group_cycle * MINUTE, lease))) continue;
        try {
          await evaluateOne(r, end);
        } catch (err) {
          deps.log.error({ err, ruleId: r.id }, 'server warning rule evaluation failed');
          await repo.settle(r.id, owner, {}).catch(() => undefined);
        }
      }
      if (due.length < batch) return;
    }
  }

  async function evaluateOne(r: RuleRecord, end: number): Promise<void> {
    const server = await deps.servers.usableIn(r.namespace_id, r.server_id).catch(() => null);
    // A server the namespace can no longer use (removed, disabled, moved) is not watched.
    if (!server) {
      await repo.settle(r.id, owner, {});
      return;
    }
    const before: RuleStatus = {
      state: r.state as RuleState,
      breachCount: r.breach_count,
      lastValue: r.last_value,
      lastEvalTime: r.last_eval_time,
      lastAlertTime: r.last_alert_time,
    };
    const terms = {
      operator: r.operator as RuleOperator,
      value: Number(r.value),
      lastCycle: r.last_cycle,
      silentCycle: r.silent_cycle,
      startTime: r.start_time,
      endTime: r.end_time,
    };
    // Outside the time of day nothing is read or written.
    if (!inTimeOfDay(end, r.start_time, r.end_time)) {
      await repo.settle(r.id, owner, {});
      return;
    }
    const from = end - r.group_cycle * MINUTE;
    const value = await repo.aggregate(r.server_id, r.item, r.formula as RuleFormula, from, end);
    const { next, notice } = evaluateRule(terms, before, value, end);
    const settled = await repo.settle(r.id, owner, {
      state: next.state,
      breach_count: next.breachCount,
      last_value: next.lastValue,
      last_eval_time: next.lastEvalTime,
      last_alert_time: next.lastAlertTime,
    });
    if (!settled || notice === null || value === null) return;
    const breachCount = notice === 'recovery' ? before.breachCount : next.breachCount;
    await deps.alerts.send(r, server, notice, { value, time: end, breachCount });
  }

  return {
    evaluateDue,
    start() {
      ticker ??= startTicker(evaluateDue, {
        everyMs: options.tickMs ?? 5_000,
        log: deps.log,
        what: 'server warning rules',
      });
    },
    async stop() {
      await ticker?.stop();
      ticker = undefined;
      await passing.catch(() => undefined);
    },
  };
}
