import { formatTime } from '../../core/clock.js';
import type { TerminalLogRepository } from './terminal-log.repository.js';

type TerminalLogListRow = Awaited<ReturnType<TerminalLogRepository['list']>>[number];

/** A terminal log row as goploy names it, plus whether a recording can be replayed. */
export function presentTerminalLog(r: TerminalLogListRow) {
  return {
    id: r.id,
    namespaceID: r.namespace_id,
    userID: r.user_id,
    username: r.username ?? '',
    serverID: r.server_id,
    serverName: r.server_name ?? '',
    remoteAddr: r.remote_addr,
    userAgent: r.user_agent,
    startTime: formatTime(r.start_time),
    endTime: formatTime(r.end_time),
    hasRecord: r.record_file !== '',
    recordPruned: r.record_pruned === 1,
  };
}
