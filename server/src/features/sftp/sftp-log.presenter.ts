import { formatTime } from '../../core/clock.js';
import type { SftpLogRepository } from './sftp-log.repository.js';

type SftpLogListRow = Awaited<ReturnType<SftpLogRepository['list']>>[number];

/** An SFTP log row as goploy names it, plus `state` and `detail`. */
export function presentSftpLog(r: SftpLogListRow) {
  return {
    id: r.id,
    namespaceID: r.namespace_id,
    userID: r.user_id,
    username: r.username ?? '',
    serverID: r.server_id,
    serverName: r.server_name ?? '',
    remoteAddr: r.remote_addr,
    userAgent: r.user_agent,
    type: r.type,
    path: r.path,
    reason: r.reason,
    state: r.state,
    detail: r.detail,
    insertTime: formatTime(r.insert_time),
  };
}
