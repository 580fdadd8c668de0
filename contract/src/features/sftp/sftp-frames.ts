/**
 * The file manager's socket (`/ws/sftp?serverId=`).
 *
 * Browser → console, text frames:
 * - a bare absolute path (what goploy's client sends): answered by ONE frame
 *   `{code, message, data: SftpEntry[]}` holding the whole directory;
 * - `{"op":"list","id":n,"path":"/srv"}` (ours): answered by one or more frames
 *   `{code, message, data: SftpEntry[], op:"list", id, path, done, total?}`. Rows are sent as
 *   the server reads them (a large directory shows its first rows at once); the last frame has
 *   `done: true` and `total`. `path` is the normalised path; `""` or `"~"` lists the login
 *   user's home directory and answers with its absolute path. A refused path answers code 10003
 *   naming `path`; a failed read code 2 with the server's message; both with `done: true` and
 *   a `reason` (`invalid_parameter`, `file_missing`, `file_permission_denied`, `file_failed`).
 *   Requests are answered one at a time, in order. A `list` request still waiting or streaming
 *   when a newer `list` request arrives is dropped: it gets no further frames.
 * - anything else (malformed JSON, an unknown `op`, a binary frame, more than 64 KiB): one frame
 *   `{code: 10003, message, data: []}` naming the problem; the socket stays open. Frames over
 *   1 MiB close the socket with 1009.
 *
 * The socket closes with `SftpClose.sshFailed` (reason: the message) when the server cannot be
 * reached or the connection drops, `SftpClose.idle` after the terminal's idle limit
 * (`FERRY_TERMINAL_IDLE_MINUTES`) without a request, `SftpClose.serverDisabled` when the server
 * is disabled, edited or removed, and the registry's refusal codes (4001, 4002, 4003, 4086) when
 * the caller's access goes.
 */
export const SftpClose = {
  sshFailed: 4100,
  idle: 4101,
  serverDisabled: 4102,
} as const;

export interface SftpListRequest {
  op: 'list';
  id: number;
  path: string;
}
