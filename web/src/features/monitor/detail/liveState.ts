import type { MonitorRow, MonitorStateMessage } from '@ferry/contract/client';

/** What the header shows of a monitor's state. */
export interface LiveState {
  status: MonitorRow['status'];
  failCount: number;
  lastCheckTime: string;
  latencyMs: number;
  lastError: string;
}

export const rowState = (m: MonitorRow): LiveState => ({
  status: m.status,
  failCount: m.failCount,
  lastCheckTime: m.lastCheckTime,
  latencyMs: m.latencyMs,
  lastError: m.lastError,
});

/** A hub frame 15 as a state; undefined when it is not one. */
export function frameState(message: unknown): (LiveState & { monitorId: number }) | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as Partial<MonitorStateMessage>;
  if (typeof m.monitorId !== 'number' || typeof m.status !== 'string') return undefined;
  return {
    monitorId: m.monitorId,
    status: m.status as LiveState['status'],
    failCount: typeof m.failCount === 'number' ? m.failCount : 0,
    lastCheckTime: typeof m.lastCheckTime === 'string' ? m.lastCheckTime : '',
    latencyMs: typeof m.latencyMs === 'number' ? m.latencyMs : 0,
    lastError: typeof m.error === 'string' ? m.error : '',
  };
}

/**
 * The newer of the row's state and the last frame's: the frame unless the row (refetched by the
 * list since) carries a later check. Times compare as text (`YYYY-MM-DD HH:mm:ss`).
 */
export function newerState(row: LiveState, frame: LiveState | undefined): LiveState {
  if (!frame) return row;
  return row.lastCheckTime > frame.lastCheckTime ? row : frame;
}
