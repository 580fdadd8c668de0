import type { MonitorRow } from '@ferry/contract/client';
import { asStateMessage } from '../utils/liveState';

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

/** A hub frame 15 as a state (read as the list reads it); undefined when it is not one. */
export function frameState(message: unknown): (LiveState & { monitorId: number }) | undefined {
  const m = asStateMessage(message);
  if (!m) return undefined;
  const { monitorId, failCount, lastCheckTime, latencyMs, error } = m;
  const status = m.status as LiveState['status'];
  return { monitorId, status, failCount, lastCheckTime, latencyMs, lastError: error };
}

/**
 * The newer of the row's state and the last frame's: the frame unless the row (refetched by the
 * list since) carries a later check. Times compare as text (`YYYY-MM-DD HH:mm:ss`).
 */
export function newerState(row: LiveState, frame: LiveState | undefined): LiveState {
  if (!frame) return row;
  return row.lastCheckTime > frame.lastCheckTime ? row : frame;
}
