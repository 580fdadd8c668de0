import type { MetricPoint } from './MetricsView';

/** One value on the time axis: `[time in ms, value]`, null where the line breaks. */
export type LineValue = [number, number | null];

/**
 * An item's averages as a line, broken (a null point) where two consecutive points are more than
 * `gapMs` apart: nothing was collected there (the server was unreachable, or collection was off).
 */
export function seriesLine(points: readonly MetricPoint[], gapMs: number): LineValue[] {
  const line: LineValue[] = [];
  let previous: number | undefined;
  for (const [time, avg] of points) {
    if (previous !== undefined && time - previous > gapMs) line.push([previous + 1, null]);
    line.push([time, avg]);
    previous = time;
  }
  return line;
}
