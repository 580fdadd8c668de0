import type { FileEntryWithStats, InputAttributes, OpenMode, SFTPWrapper, Stats } from 'ssh2';

/** SFTP status codes (draft-ietf-secsh-filexfer-02 §7) as ssh2 puts them on `err.code`. */
export const SFTP_NO_SUCH_FILE = 2;
export const SFTP_FAILURE = 4;

type Done<T> = (err: Error | null | undefined, value?: T) => void;

/**
 * Whether the channel still carries requests. ssh2 silently drops a request sent on a closed
 * channel (its callback never runs), so every request checks this first.
 */
export function channelOpen(sftp: SFTPWrapper): boolean {
  // A connection that dies marks the channel's incoming side closed and leaves the outgoing
  // side 'open', so both are checked.
  const { incoming, outgoing } = sftp as unknown as {
    incoming?: { state?: string };
    outgoing?: { state?: string };
  };
  return incoming?.state !== 'closed' && (outgoing?.state ?? 'open') === 'open';
}

/** What a request on a closed channel fails with. */
export const channelClosed = () => new Error('The SFTP channel to the server is closed.');

/** The rejections of requests awaiting an answer, per channel: all fail when it closes. */
const pendingOn = new WeakMap<SFTPWrapper, Set<(err: Error) => void>>();

function pendingSet(sftp: SFTPWrapper): Set<(err: Error) => void> {
  let pending = pendingOn.get(sftp);
  if (!pending) {
    const set = new Set<(err: Error) => void>();
    sftp.once('close', () => {
      for (const reject of [...set]) reject(channelClosed());
    });
    pendingOn.set(sftp, set);
    pending = set;
  }
  return pending;
}

/**
 * One SFTP request as a promise. ssh2's own error is kept as it is (its `code` is the SFTP
 * status), so callers can tell a missing file from a refusal. A closed channel rejects: before
 * the request (ssh2 would drop it), when ssh2 throws, or while the answer is awaited (some
 * calls, such as `readdir`, are several requests).
 */
export function sftpCall<T = void>(sftp: SFTPWrapper, start: (done: Done<T>) => void): Promise<T> {
  if (!channelOpen(sftp)) return Promise.reject(channelClosed());
  const pending = pendingSet(sftp);
  return new Promise<T>((resolve, reject) => {
    const fail = (err: Error) => {
      pending.delete(fail);
      reject(err);
    };
    pending.add(fail);
    try {
      start((err, value) => {
        pending.delete(fail);
        if (err) reject(err);
        else resolve(value as T);
      });
    } catch (err) {
      fail(err instanceof Error ? err : new Error(String(err)));
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
  const call = <T = void>(start: (done: Done<T>) => void) => sftpCall<T>(sftp, start);
  return {
    sftp,
    stat: (path: string) => call<Stats>((cb) => sftp.stat(path, cb)),
    lstat: (path: string) => call<Stats>((cb) => sftp.lstat(path, cb)),
    open: (path: string, flags: OpenMode, attrs: InputAttributes = {}) =>
      call<Buffer>((cb) => sftp.open(path, flags, attrs, cb)),
    close: (handle: Buffer) => call((cb) => sftp.close(handle, cb)),
    fstat: (handle: Buffer) => call<Stats>((cb) => sftp.fstat(handle, cb)),
    /** Entries without `.` and `..`; attributes as `lstat` gives them. */
    readdir: (path: string) => call<FileEntryWithStats[]>((cb) => sftp.readdir(path, cb)),
    mkdir: (path: string, mode?: number) =>
      call((cb) => sftp.mkdir(path, mode === undefined ? {} : { mode }, cb)),
    chmod: (path: string, mode: number) => call((cb) => sftp.chmod(path, mode, cb)),
    utimes: (path: string, seconds: number) =>
      call((cb) => sftp.utimes(path, seconds, seconds, cb)),
    unlink: (path: string) => call((cb) => sftp.unlink(path, cb)),
    readlink: (path: string) => call<string>((cb) => sftp.readlink(path, cb)),
    /** The absolute path with every link resolved, as the server sees it. */
    realpath: (path: string) => call<string>((cb) => sftp.realpath(path, cb)),
    /** A link at `linkPath` pointing to `target` (ssh2 swaps the order OpenSSH expects). */
    symlink: (target: string, linkPath: string) => call((cb) => sftp.symlink(target, linkPath, cb)),
    /**
     * Moves `from` to `to`, replacing `to` atomically where the server offers POSIX rename
     * (OpenSSH does); elsewhere the old `to` is removed first.
     */
    async rename(from: string, to: string): Promise<void> {
      try {
        await call((cb) => sftp.ext_openssh_rename(from, to, cb));
        return;
      } catch (err) {
        if (!/does not support/i.test(String((err as Error).message))) throw err;
      }
      await call((cb) => sftp.unlink(to, cb)).catch(() => undefined);
      await call((cb) => sftp.rename(from, to, cb));
    },
  };
}

export type SftpCalls = ReturnType<typeof sftpCalls>;
