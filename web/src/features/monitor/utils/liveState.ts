import { MONITOR_STATES, type MonitorState } from '@ferry/contract/client';
import type { MonitorStateMessage } from '@ferry/contract/client';
import type { MonitorRow } from './MonitorRow';

/** A hub frame of type 15 as the page reads it; undefined for anything else. */
export function asStateMessage(raw: unknown): MonitorStateMessage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const m = raw as Record<string, unknown>;
  if (typeof m.monitorId !== 'number' || typeof m.status !== 'string') return undefined;
  return {
    monitorId: m.monitorId,
    status: m.status,
    failCount: typeof m.failCount === 'number' ? m.failCount : 0,
    lastCheckTime: typeof m.lastCheckTime === 'string' ? m.lastCheckTime : '',
    latencyMs: typeof m.latencyMs === 'number' ? m.latencyMs : 0,
    error: typeof m.error === 'string' ? m.error : '',
  };
}

const isState = (s: string): s is MonitorState => (MONITOR_STATES as readonly string[]).includes(s);

/**
 * The list with one monitor's new state: its status, failures in a row, last check, latency and
 * error at once; a paused or resumed one follows its status. The same list when it is not there.
 */
export function applyState(
  list: readonly MonitorRow[],
  message: MonitorStateMessage,
): readonly MonitorRow[] {
  const i = list.findIndex((m) => m.id === message.monitorId);
  if (i < 0 || !isState(message.status)) return list;
  const row = list[i]!;
  const next: MonitorRow = {
    ...row,
    status: message.status,
    state: message.status === 'paused' ? 0 : row.status === 'paused' ? 1 : row.state,
    failCount: message.failCount,
    lastCheckTime: message.lastCheckTime || row.lastCheckTime,
    latencyMs: message.latencyMs,
    lastError: message.error,
  };
  return list.map((m, j) => (j === i ? next : m));
}
