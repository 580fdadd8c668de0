import type { LogLine } from './DeployRow';
import { MAX_LOG_LINES } from './logLines';

/** The live lines of a deploy: appended in place; `dropped` older ones were let go. */
export interface LiveLog {
  lines: readonly LogLine[];
  dropped: number;
}

/** The log as the panel draws it, without copying: the last lines of loaded + live. */
export interface LogView {
  /** Lines the panel holds. */
  count: number;
  /** Lines before them that are not held (a very long build). */
  dropped: number;
  at(i: number): LogLine;
}

/**
 * The loaded log followed by the live lines, the first `skip` live lines being already in the
 * loaded log (see `mergeLog`), capped at the last `max` lines. Reads by index, so a new batch of
 * live lines costs nothing but the lines themselves.
 */
export function logView(
  loaded: readonly LogLine[],
  live: LiveLog,
  skip: number,
  max = MAX_LOG_LINES,
): LogView {
  const total = loaded.length + live.dropped + live.lines.length - skip;
  const start = Math.max(0, total - max);
  const at = (j: number): LogLine => {
    if (j < loaded.length) return loaded[j] as LogLine;
    return live.lines[j - loaded.length + skip - live.dropped] as LogLine;
  };
  return { count: total - start, dropped: start, at: (i) => at(start + i) };
}

/** Every line of a view, for a copy of the whole output. */
export function viewLines(view: LogView): LogLine[] {
  return Array.from({ length: view.count }, (_, i) => view.at(i));
}
