import { AppError, failed } from '../../core/errors.js';

/** SFTP status codes (draft-ietf-secsh-filexfer-02 §7), as ssh2 puts them on `err.code`. */
export const SftpStatus = {
  eof: 1,
  noSuchFile: 2,
  permissionDenied: 3,
  failure: 4,
} as const;

/** The SFTP status code of an ssh2 error, when it has one. */
export function sftpStatusOf(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * A failed file operation as the user is told it (code 2, with a stable reason the web app
 * translates): `file_missing`, `file_permission_denied`, or `file_failed` with the server's own
 * message. `what` is the action ("read", "rename"), `path` the remote path. AppErrors (a refused
 * server, a lost connection) pass through unchanged.
 */
export function fileFailure(what: string, path: string, err: unknown): AppError {
  if (err instanceof AppError) return err;
  switch (sftpStatusOf(err)) {
    case SftpStatus.noSuchFile:
      return failed(`Cannot ${what} ${path}: no such file or directory`, 'file_missing');
    case SftpStatus.permissionDenied:
      return failed(`Cannot ${what} ${path}: permission denied`, 'file_permission_denied');
    case undefined:
    default: {
      const detail = err instanceof Error ? err.message : String(err);
      return failed(`Cannot ${what} ${path}: ${detail}`, 'file_failed');
    }
  }
}
