import {
  DEFAULT_METRIC_INTERVAL_S,
  DEFAULT_METRIC_MODE,
  type AgentState,
  type MetricMode,
  type MetricSourceState,
  type MetricsSourceRow,
} from '@ferry/contract';
import { formatTime } from '../../../core/clock.js';
import type { MetricSourceRecord } from './metrics-source.repository.js';

/** A server's collection as the agent page shows it; the defaults for one never collected. */
export function presentMetricsSource(
  serverId: number,
  s: MetricSourceRecord | undefined,
): MetricsSourceRow {
  return {
    serverId,
    mode: (s?.mode ?? DEFAULT_METRIC_MODE) as MetricMode,
    interval: s?.interval_s ?? DEFAULT_METRIC_INTERVAL_S,
    state: (s?.state ?? 'unknown') as MetricSourceState,
    lastSampleTime: formatTime(s?.last_sample_time),
    lastError: s?.last_error ?? '',
    agentState: (s?.agent_state ?? 'none') as AgentState,
    agentError: s?.agent_error ?? '',
    agentTime: formatTime(s?.agent_time),
  };
}
