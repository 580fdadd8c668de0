import type { FileEntryWithStats, InputAttributes, OpenMode, SFTPWrapper, Stats } from 'ssh2';

/** SFTP status codes (draft-ietf-secsh-filexfer-02 §7) as ssh2 puts them on `err.code`. */
export const SFTP_NO_SUCH_FILE = 2;
export const SFTP_FAILURE = 4;

type Done<T> = (err: Error | null | undefined, value?: T) => void;

/**
 * One SFTP request as a promise. ssh2's own error is kept as it is (its `code` is the SFTP
 * status), so callers can tell a missing file from a refusal; a closed channel, which ssh2
 * reports by throwing, rejects too.
 */
export function sftpCall<T = void>(start: (done: Done<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      start((err, value) => (err ? reject(err) : resolve(value as T)));
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Whether an ssh2 error says that nothing is at the path. */
export const isNoSuchFile = (err: unknown) =>
  (err as { code?: unknown } | undefined)?.code === SFTP_NO_SUCH_FILE;

/** The value, or undefined when the request failed because nothing is at the path. */
export function unlessMissing<T>(request: Promise<T>): Promise<T | undefined> {
  return request.catch((err: unknown) => {
    if (isNoSuchFile(err)) return undefined;
    throw err;
  });
}

/** The SFTP requests the file manager's streams and walks make, as promises. */
export function sftpCalls(sftp: SFTPWrapper) {
  return {
    sftp,
    stat: (path: string) => sftpCall<Stats>((cb) => sftp.stat(path, cb)),
    lstat: (path: string) => sftpCall<Stats>((cb) => sftp.lstat(path, cb)),
    open: (path: string, flags: OpenMode, attrs: InputAttributes = {}) =>
      sftpCall<Buffer>((cb) => sftp.open(path, flags, attrs, cb)),
    close: (handle: Buffer) => sftpCall((cb) => sftp.close(handle, cb)),
    fstat: (handle: Buffer) => sftpCall<Stats>((cb) => sftp.fstat(handle, cb)),
    /** Entries without `.` and `..`; attributes as `lstat` gives them. */
    readdir: (path: string) => sftpCall<FileEntryWithStats[]>((cb) => sftp.readdir(path, cb)),
    mkdir: (path: string, mode?: number) =>
      sftpCall((cb) => sftp.mkdir(path, mode === undefined ? {} : { mode }, cb)),
    chmod: (path: string, mode: number) => sftpCall((cb) => sftp.chmod(path, mode, cb)),
    utimes: (path: string, seconds: number) =>
      sftpCall((cb) => sftp.utimes(path, seconds, seconds, cb)),
    unlink: (path: string) => sftpCall((cb) => sftp.unlink(path, cb)),
    readlink: (path: string) => sftpCall<string>((cb) => sftp.readlink(path, cb)),
    /** A link at `linkPath` pointing to `target` (ssh2 swaps the order OpenSSH expects). */
    symlink: (target: string, linkPath: string) =>
      sftpCall((cb) => sftp.symlink(target, linkPath, cb)),
    /**
     * Moves `from` to `to`, replacing `to` atomically where the server offers POSIX rename
     * (OpenSSH does); elsewhere the old `to` is removed first.
     */
    async rename(from: string, to: string): Promise<void> {
      try {
        await sftpCall((cb) => sftp.ext_openssh_rename(from, to, cb));
        return;
      } catch (err) {
        if (!/does not support/i.test(String((err as Error).message))) throw err;
      }
      await sftpCall((cb) => sftp.unlink(to, cb)).catch(() => undefined);
      await sftpCall((cb) => sftp.rename(from, to, cb));
    },
  };
}

export type SftpCalls = ReturnType<typeof sftpCalls>;
