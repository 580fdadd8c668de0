import { AppError, failed } from '../../core/errors.js';
import { channelClosed } from '../../infra/sftp/sftp-calls.js';
import { fileFailure } from './sftp-errors.js';

/**
 * A failed streamed action (download, upload, transfer) as the user is told it: `request_cancelled`
 * when the request was closed meanwhile (the browser went), `ssh_closed` when the connection to
 * the server was lost, otherwise as `fileFailure` says.
 */
export function streamFailure(
  what: string,
  path: string,
  err: unknown,
  signal: AbortSignal | undefined,
): AppError {
  if (err instanceof AppError) return err;
  if (signal?.aborted) {
    return failed(`Cannot ${what} ${path}: the request was cancelled`, 'request_cancelled');
  }
  if (connectionLost(err)) {
    return failed(`Cannot ${what} ${path}: the connection to the server was lost`, 'ssh_closed');
  }
  return fileFailure(what, path, err);
}

/** ssh2's answer to requests of a channel that closed, and ours to requests sent after. */
function connectionLost(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return message === 'No response from server' || message === channelClosed().message;
}
