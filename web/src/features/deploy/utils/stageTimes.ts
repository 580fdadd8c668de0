import type { DeployStage } from '@ferry/contract/client';
import type { TraceRow } from './DeployRow';
import { orderTrace, stageOfTrace } from './traceRows';

/** `YYYY-MM-DD HH:mm:ss` (the server's local time) → epoch ms; NaN when unreadable. */
const parseTime = (text: string) => new Date(text.replace(' ', 'T')).getTime();

/**
 * How long each finished stage took (ms), from the trace: a stage's rows are written when it
 * ends, so it lasted from the end of the stage before it to its own last row. The queue row is
 * written at publish and has no duration.
 */
export function stageDurations(trace: readonly TraceRow[]): Partial<Record<DeployStage, number>> {
  const out: Partial<Record<DeployStage, number>> = {};
  let previousEnd = NaN;
  let previousStage: DeployStage | undefined;
  const ends = new Map<DeployStage, number>();
  for (const row of orderTrace(trace)) {
    const stage = stageOfTrace(row.type);
    const at = parseTime(row.insertTime);
    if (stage === undefined || Number.isNaN(at)) continue;
    ends.set(stage, Math.max(ends.get(stage) ?? at, at));
  }
  for (const [stage, end] of ends) {
    if (previousStage !== undefined && stage !== 'finish') out[stage] = end - previousEnd;
    previousStage = stage;
    previousEnd = end;
  }
  return out;
}

/** `42s`, `3m 05s`, `1h 02m`: a duration as a stage timer shows it. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}
