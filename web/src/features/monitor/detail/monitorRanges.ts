import { MONITOR_RANGES, type MonitorRange } from '@ferry/contract/client';
import { oneOf } from '../../../ui/oneOf';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far back each range reaches, as the server reads it (`engine/history.ts`). */
export const RANGE_SPAN_MS: Readonly<Record<MonitorRange, number>> = {
  hour: HOUR,
  '6h': 6 * HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  '3months': 90 * DAY,
};

/** The range the chart opens on. */
export const DEFAULT_RANGE: MonitorRange = 'hour';

/** `value` when it names a range, else the default (a switch's value arrives as a string). */
export function rangeOf(value: unknown): MonitorRange {
  return oneOf(MONITOR_RANGES, value, DEFAULT_RANGE);
}

/** The time axis's labels: hours within a day, days and hours for a week, days beyond. */
export function axisTimeFormat(range: MonitorRange): string {
  if (range === 'hour' || range === '6h' || range === 'day') return 'HH:mm';
  if (range === 'week') return 'MM-DD HH:mm';
  return 'MM-DD';
}

/** A point's time in the tooltip: to the second for raw results, to the minute for roll-ups. */
export function tooltipTimeFormat(range: MonitorRange): string {
  return range === 'hour' || range === '6h' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm';
}

/** The window the chart shows: the range up to `now`, so quiet edges show as gaps. */
export function rangeWindow(range: MonitorRange, now: number): { min: number; max: number } {
  return { min: now - RANGE_SPAN_MS[range], max: now };
}
