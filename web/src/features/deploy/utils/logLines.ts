import type { LogLine } from './DeployRow';

/** The most lines the log panel keeps on the page; older ones are dropped from the view. */
export const MAX_LOG_LINES = 20_000;

/** How far back live lines are matched against the end of the loaded log. */
const MAX_OVERLAP = 2_000;

const same = (a: LogLine | undefined, b: LogLine | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.line === b.line &&
  a.serverId === b.serverId &&
  a.stage === b.stage;

/**
 * How many of the first live lines the loaded log already ends with: lines that arrived while
 * the log was being read are in both, and the longest such run is kept once.
 */
export function logOverlap(loaded: readonly LogLine[], live: readonly LogLine[]): number {
  const most = Math.min(loaded.length, live.length, MAX_OVERLAP);
  for (let k = most; k > 0; k--) {
    let match = true;
    for (let i = 0; i < k && match; i++) match = same(loaded[loaded.length - k + i], live[i]);
    if (match) return k;
  }
  return 0;
}

/** The loaded log followed by the live lines, their overlap kept once. */
export function mergeLog(loaded: readonly LogLine[], live: readonly LogLine[]): LogLine[] {
  return [...loaded, ...live.slice(logOverlap(loaded, live))];
}

/** The last `max` lines and how many were dropped before them. */
export function lastLines<T>(lines: readonly T[], max = MAX_LOG_LINES) {
  const dropped = Math.max(0, lines.length - max);
  return { lines: dropped ? lines.slice(dropped) : lines, dropped };
}
