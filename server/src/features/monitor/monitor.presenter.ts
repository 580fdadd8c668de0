import {
  monitorTargetObject,
  type MonitorRow,
  type MonitorState,
  type MonitorTarget,
} from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type { IncidentRecord, MonitorRecord } from './monitor.repository.js';

/** The stored target with every option filled in; an unreadable one as an empty target. */
export function targetOf(row: Pick<MonitorRecord, 'target'>): MonitorTarget {
  try {
    return monitorTargetObject.parse(JSON.parse(row.target));
  } catch {
    return monitorTargetObject.parse({ items: ['-'] });
  }
}

/** goploy's monitor row, plus the live state and uptime; `notifyTarget` is the masked address. */
export function presentMonitor(
  m: MonitorRecord,
  notifyTarget: string,
  uptime: (number | null)[] = [],
): MonitorRow {
  return {
    id: m.id,
    namespaceId: m.namespace_id,
    name: m.name,
    type: m.type,
    target: targetOf(m),
    second: m.second,
    times: m.times,
    silentCycle: m.silent_cycle,
    notifyType: m.notify_type,
    notifyTarget,
    notifyTimes: m.notify_times,
    successServerId: m.success_server_id,
    successScript: m.success_script,
    successScriptAlways: m.success_script_always,
    failServerId: m.fail_server_id,
    failScript: m.fail_script,
    failScriptAlways: m.fail_script_always,
    description: m.description,
    errorContent: m.error_content,
    state: m.state,
    status: m.status as MonitorState,
    failCount: m.fail_count,
    lastCheckTime: m.last_check_time ? formatTime(m.last_check_time) : '',
    latencyMs: m.last_latency_ms,
    lastError: m.last_error,
    uptime24h: uptime[0] ?? null,
    uptime7d: uptime[1] ?? null,
    uptime30d: uptime[2] ?? null,
    insertTime: formatTime(m.insert_time),
    updateTime: formatTime(m.update_time),
  };
}

export function presentIncident(i: IncidentRecord, now: number) {
  return {
    id: i.id,
    monitorId: i.monitor_id,
    startTime: formatTime(i.start_time),
    endTime: i.end_time ? formatTime(i.end_time) : '',
    duration: Math.round(((i.end_time || now) - i.start_time) / 1000),
    error: i.error,
    alertsSent: i.alerts_sent,
    recoverySent: i.recovery_sent,
    failScriptOutput: i.fail_script_output,
    successScriptOutput: i.success_script_output,
  };
}
