import type { RuleOperator, RuleState } from '@ferry/contract';

/** What evaluation needs of a rule. */
export interface RuleTerms {
  operator: RuleOperator;
  /** The threshold. */
  value: number;
  /** Breaching windows in a row before the alert. */
  lastCycle: number;
  /** Minutes after an alert before it is repeated while the value still breaches. */
  silentCycle: number;
  /** "HH:MM": the rule is evaluated from startTime to endTime inclusive, across midnight too. */
  startTime: string;
  endTime: string;
}

/** A rule's stored evaluation state. */
export interface RuleStatus {
  state: RuleState;
  breachCount: number;
  lastValue: number | null;
  /** The end of the last window evaluated (epoch ms); 0 before the first. */
  lastEvalTime: number;
  /** When the last alert was sent (epoch ms); 0 when none. */
  lastAlertTime: number;
}

/** What to tell the rule's channel: an alert (first or repeated) or a recovery. */
export type RuleNotice = 'alert' | 'recovery' | null;

export interface Evaluation {
  /** False outside the time-of-day window: the rule was not evaluated and nothing changed. */
  evaluated: boolean;
  next: RuleStatus;
  notice: RuleNotice;
}

const MINUTE = 60_000;

/** Whether `a` breaches threshold `b` by `operator`, compared as numbers. */
export function breaches(a: number, operator: RuleOperator, b: number): boolean {
  switch (operator) {
    case '>=':
      return a >= b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '<':
      return a < b;
    case '!=':
      return a !== b;
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `time` falls in the time of day [start, end] (inclusive, to the minute) of the console's
 * time zone; when start is after end the span crosses midnight (22:00-06:00).
 */
export function inTimeOfDay(time: number, start: string, end: string): boolean {
  const d = new Date(time);
  const m = d.getHours() * 60 + d.getMinutes();
  const from = minutesOf(start);
  const to = minutesOf(end);
  return from <= to ? m >= from && m <= to : m >= from || m <= to;
}

/**
 * One evaluation of a rule at `time` (the end of its window), given the window's aggregate
 * (`value`: the formula over the item's samples of that window alone, or null when no sample
 * fell in it). Outside the time-of-day window nothing is evaluated. A window without a sample
 * neither breaches nor recovers: the state stays, with lastValue null. A breaching window counts;
 * `lastCycle` of them in a row alert; after an alert the rule is silent while it keeps breaching
 * until `silentCycle` minutes have passed, then alerts again; a window within bounds after an
 * alert sends a recovery, and any window within bounds ends the count.
 */
export function evaluateRule(
  rule: RuleTerms,
  status: RuleStatus,
  value: number | null,
  time: number,
): Evaluation {
  if (!inTimeOfDay(time, rule.startTime, rule.endTime)) {
    return { evaluated: false, next: status, notice: null };
  }
  const seen = { ...status, lastValue: value, lastEvalTime: time };
  if (value === null) return { evaluated: true, next: seen, notice: null };

  const alerted = status.state === 'alerted' || status.state === 'silent';
  if (!breaches(value, rule.operator, rule.value)) {
    return {
      evaluated: true,
      next: { ...seen, state: 'ok', breachCount: 0 },
      notice: alerted ? 'recovery' : null,
    };
  }

  const breachCount = status.breachCount + 1;
  const alert = alerted
    ? time - status.lastAlertTime >= rule.silentCycle * MINUTE
    : breachCount >= rule.lastCycle;
  if (alert) {
    return {
      evaluated: true,
      next: { ...seen, state: 'alerted', breachCount, lastAlertTime: time },
      notice: 'alert',
    };
  }
  return {
    evaluated: true,
    next: { ...seen, state: alerted ? 'silent' : 'breaching', breachCount },
    notice: null,
  };
}
