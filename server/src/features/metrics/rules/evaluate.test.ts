import type { RuleOperator } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import {
  breaches,
  evaluateRule,
  inTimeOfDay,
  type RuleStatus,
  type RuleTerms,
} from './evaluate.js';

const MINUTE = 60_000;
/** 2026-03-02 at hh:mm in the console's time zone. */
const at = (hh: number, mm: number) => new Date(2026, 2, 2, hh, mm).getTime();

const rule = (o: Partial<RuleTerms> = {}): RuleTerms => ({
  operator: '>=',
  value: 80,
  lastCycle: 1,
  silentCycle: 10,
  startTime: '00:00',
  endTime: '23:59',
  ...o,
});

const fresh: RuleStatus = {
  state: 'ok',
  breachCount: 0,
  lastValue: null,
  lastEvalTime: 0,
  lastAlertTime: 0,
};

/** Evaluates `values` one window (of `step` minutes) after another from 10:00. */
function run(terms: RuleTerms, values: (number | null)[], step = 1) {
  let status = fresh;
  return values.map((v, i) => {
    const e = evaluateRule(terms, status, v, at(10, 0) + i * step * MINUTE);
    status = e.next;
    return { state: e.next.state, notice: e.notice, count: e.next.breachCount };
  });
}

describe('rule evaluation', () => {
  it.each<[RuleOperator, number, boolean]>([
    ['>=', 80, true],
    ['>=', 79.9, false],
    ['>', 80, false],
    ['>', 80.1, true],
    ['<=', 80, true],
    ['<=', 80.1, false],
    ['<', 80, false],
    ['<', 79.9, true],
    ['!=', 80, false],
    ['!=', 0, true],
  ])('%s 80 with %d breaches: %s', (operator, value, expected) => {
    expect(breaches(value, operator, 80)).toBe(expected);
    const e = evaluateRule(rule({ operator }), fresh, value, at(10, 0));
    expect(e.notice).toBe(expected ? 'alert' : null);
    expect(e.next.state).toBe(expected ? 'alerted' : 'ok');
  });

  it('compares as numbers: 9.5 is below 80 (as text "9.5" > "80")', () => {
    expect(breaches(9.5, '>', 80)).toBe(false);
    expect(evaluateRule(rule({ operator: '>' }), fresh, 9.5, at(10, 0)).notice).toBeNull();
    expect(evaluateRule(rule({ operator: '<', value: 10 }), fresh, 9.5, at(10, 0)).notice).toBe(
      'alert',
    );
  });

  it('alerts after lastCycle breaching windows in a row, and a window within bounds resets', () => {
    expect(run(rule({ lastCycle: 3 }), [90, 90, 50, 90, 90, 90])).toEqual([
      { state: 'breaching', notice: null, count: 1 },
      { state: 'breaching', notice: null, count: 2 },
      { state: 'ok', notice: null, count: 0 },
      { state: 'breaching', notice: null, count: 1 },
      { state: 'breaching', notice: null, count: 2 },
      { state: 'alerted', notice: 'alert', count: 3 },
    ]);
  });

  it('stays silent for silentCycle minutes while breaching, then alerts again', () => {
    // 5-minute windows, 12 minutes of silence: the alert at 10:00 repeats at 10:15.
    const states = run(rule({ silentCycle: 12 }), [90, 90, 90, 90, 90], 5);
    expect(states.map((s) => [s.state, s.notice])).toEqual([
      ['alerted', 'alert'],
      ['silent', null],
      ['silent', null],
      ['alerted', 'alert'],
      ['silent', null],
    ]);
  });

  it('measures silence in minutes, not in evaluations', () => {
    // 1-minute windows, 5 minutes of silence: alerts at minutes 0, 5 and 10.
    const notices = run(rule({ silentCycle: 5 }), Array<number>(11).fill(95)).map((s) => s.notice);
    expect(notices.flatMap((n, i) => (n ? [i] : []))).toEqual([0, 5, 10]);
  });

  it('sends a recovery once the value is back within bounds after an alert', () => {
    expect(run(rule({ lastCycle: 2 }), [90, 90, 90, 40, 40]).map((s) => s.notice)).toEqual([
      null,
      'alert',
      null,
      'recovery',
      null,
    ]);
    // No alert was sent: going back within bounds is no recovery.
    expect(run(rule({ lastCycle: 3 }), [90, 90, 40]).map((s) => s.notice)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('keeps the state through a window without a sample: no breach, no recovery', () => {
    const states = run(rule({ lastCycle: 2 }), [90, null, 90, null, 10]);
    expect(states.map((s) => [s.state, s.count, s.notice])).toEqual([
      ['breaching', 1, null],
      ['breaching', 1, null],
      ['alerted', 2, 'alert'],
      ['alerted', 2, null],
      ['ok', 0, 'recovery'],
    ]);
    const e = evaluateRule(rule(), { ...fresh, lastValue: 50 }, null, at(10, 0));
    expect(e.next).toMatchObject({ lastValue: null, lastEvalTime: at(10, 0) });
  });

  it('evaluates only inside the time of day, ends included', () => {
    const day = rule({ startTime: '09:00', endTime: '17:30' });
    expect(evaluateRule(day, fresh, 90, at(8, 59))).toMatchObject({
      evaluated: false,
      next: fresh,
      notice: null,
    });
    expect(evaluateRule(day, fresh, 90, at(9, 0)).notice).toBe('alert');
    expect(evaluateRule(day, fresh, 90, at(17, 30)).notice).toBe('alert');
    expect(evaluateRule(day, fresh, 90, at(17, 31)).evaluated).toBe(false);
  });

  it('takes a time of day that crosses midnight', () => {
    const night = ['22:00', '06:00'] as const;
    const inside = [at(22, 0), at(23, 59), at(0, 0), at(3, 15), at(6, 0)];
    const outside = [at(6, 1), at(12, 0), at(21, 59)];
    for (const t of inside) expect(inTimeOfDay(t, ...night), new Date(t).toString()).toBe(true);
    for (const t of outside) expect(inTimeOfDay(t, ...night), new Date(t).toString()).toBe(false);
    const terms = rule({ startTime: night[0], endTime: night[1] });
    expect(evaluateRule(terms, fresh, 90, at(0, 30)).notice).toBe('alert');
    expect(evaluateRule(terms, fresh, 90, at(12, 0)).evaluated).toBe(false);
    // A single minute.
    expect(inTimeOfDay(at(7, 0), '07:00', '07:00')).toBe(true);
    expect(inTimeOfDay(at(7, 1), '07:00', '07:00')).toBe(false);
  });
});
