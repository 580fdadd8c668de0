/** A terminal session as the terminal log keeps it. */
export interface TerminalSession {
  namespaceId: number;
  userId: number;
  serverId: number;
  remoteAddr: string;
  userAgent: string;
  startTime: number;
  /** null while the session is open (or when its end was never written). */
  endTime: number | null;
  /** The recording, relative to the shared dir; '' when none. */
  recordFile: string;
}

/** A `terminal_log` row: texts cut to their columns' widths. */
export const terminalLogColumns = (e: TerminalSession) => ({
  namespace_id: e.namespaceId,
  user_id: e.userId,
  server_id: e.serverId,
  remote_addr: e.remoteAddr.slice(0, 64),
  user_agent: e.userAgent.slice(0, 512),
  record_file: e.recordFile,
  start_time: e.startTime,
  end_time: e.endTime,
});
