import type { SftpLogType } from '@ferry/contract';

/** One file-manager action as the SFTP log keeps it. */
export interface NewSftpLog {
  namespaceId: number;
  userId: number;
  serverId: number;
  remoteAddr: string;
  userAgent: string;
  type: SftpLogType;
  path: string;
  /** '' when the action succeeded. */
  reason: string;
  detail: string;
  insertTime: number;
}

/** An `sftp_log` row: succeeded when no reason is given; texts cut to their columns' widths. */
export const sftpLogColumns = (e: NewSftpLog) => ({
  namespace_id: e.namespaceId,
  user_id: e.userId,
  server_id: e.serverId,
  remote_addr: e.remoteAddr.slice(0, 64),
  user_agent: e.userAgent.slice(0, 512),
  type: e.type,
  path: e.path,
  state: e.reason === '' ? 1 : 0,
  reason: e.reason.slice(0, 1024),
  detail: e.detail.slice(0, 1024),
  insert_time: e.insertTime,
});
