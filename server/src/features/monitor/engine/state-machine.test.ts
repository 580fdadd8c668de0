import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../core/clock.js';
import {
  decide,
  formatDuration,
  INITIAL_STATUS,
  type MonitorSettings,
  type MonitorStatus,
} from './state-machine.js';

const settings: MonitorSettings = {
  times: 3,
  silentCycle: 5,
  notifyTimes: 2,
  failScriptAlways: false,
  successScriptAlways: false,
};

/** Runs checks every `everyMs` on a controllable clock and records what each decided. */
function run(results: boolean[], o: Partial<MonitorSettings> = {}, everyMs = 60_000) {
  const clock = manualClock(Date.UTC(2026, 0, 1));
  let s: MonitorStatus = INITIAL_STATUS;
  return results.map((ok) => {
    clock.advance(everyMs);
    const { next, actions } = decide(s, ok, clock.now(), { ...settings, ...o });
    s = next;
    return { ...actions, status: next.status, failCount: next.failCount };
  });
}

describe('monitor state machine', () => {
  it('counts failures, goes down at `times` and alerts once with the fail script', () => {
    const steps = run([true, false, false, false, false]);
    expect(steps.map((x) => x.status)).toEqual(['up', 'failing', 'failing', 'down', 'down']);
    expect(steps.map((x) => x.failCount)).toEqual([0, 1, 2, 3, 4]);
    expect(steps.map((x) => x.alert)).toEqual([null, null, null, 'down', null]);
    expect(steps.map((x) => x.failScript)).toEqual([false, false, false, true, false]);
    expect(steps[3]).toMatchObject({ incident: 'open', changed: true });
  });

  it('a pass before `times` resets the count without an alert', () => {
    const steps = run([false, false, true, false, false]);
    expect(steps.map((x) => x.status)).toEqual(['failing', 'failing', 'up', 'failing', 'failing']);
    expect(steps.every((x) => x.alert === null)).toBe(true);
  });

  it('repeats the alert at most every silent cycle, and at most notifyTimes times', () => {
    // Checks a minute apart; down at the 3rd; silent cycle 5 minutes; 2 repeats at most.
    const steps = run(Array<boolean>(30).fill(false));
    const alerts = steps.flatMap((x, i) => (x.alert ? [[i + 1, x.alert]] : []));
    expect(alerts).toEqual([
      [3, 'down'],
      [8, 'repeat'],
      [13, 'repeat'],
    ]);
  });

  it('repeats every silent cycle without end when notifyTimes is 0 (goploy)', () => {
    const steps = run(Array<boolean>(25).fill(false), { notifyTimes: 0 });
    expect(steps.filter((x) => x.alert === 'repeat')).toHaveLength(4);
  });

  it('sends a recovery notice with the downtime from the first failed check', () => {
    const steps = run([true, false, false, false, false, true, true], {}, 10_000);
    expect(steps[5]).toMatchObject({
      alert: 'recovered',
      status: 'up',
      successScript: true,
      incident: 'close',
      downtimeMs: 40_000,
      changed: true,
    });
    expect(steps[6]).toMatchObject({ alert: null, successScript: false, changed: false });
  });

  it('runs the scripts on every check when asked to', () => {
    const steps = run([true, false, false, true], {
      failScriptAlways: true,
      successScriptAlways: true,
    });
    expect(steps.map((x) => [x.successScript, x.failScript])).toEqual([
      [true, false],
      [false, true],
      [false, true],
      [true, false],
    ]);
  });

  it('goes down at the first failure when times is 1', () => {
    expect(run([false], { times: 1 })[0]).toMatchObject({ status: 'down', alert: 'down' });
  });

  it('words durations', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(40_000)).toBe('40s');
    expect(formatDuration(3_912_000)).toBe('1h 5m 12s');
    expect(formatDuration(2 * 86_400_000 + 3_600_000)).toBe('2d 1h');
  });
});
