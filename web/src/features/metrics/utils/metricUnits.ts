import { humanSpeed } from '../../../ui/humanSize';

/** How a chart's values read: percent, bytes per second, operations per second or a plain number. */
export type MetricUnit = 'percent' | 'bytesPerSecond' | 'iops' | 'count' | 'load';

/** A number with at most `digits` decimals, trailing zeros dropped: `12.5`, `3`. */
function trimmed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** `value` in `unit`, as the charts' axes and tooltips show it. */
export function formatMetric(value: number, unit: MetricUnit): string {
  if (!Number.isFinite(value)) return '';
  switch (unit) {
    case 'percent':
      return `${trimmed(value, 1)}%`;
    case 'bytesPerSecond':
      return humanSpeed(Math.max(0, value));
    case 'iops':
      return `${trimmed(value, value < 10 ? 2 : 1)} IOPS`;
    case 'load':
      return trimmed(value, 2);
    case 'count':
      return String(Math.round(value));
  }
}
