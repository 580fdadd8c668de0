import type { Client, FileEntryWithStats, SFTPWrapper, Stats } from 'ssh2';

/** SFTP status code for "no such file". */
const NO_SUCH_FILE = 2;

/**
 * The few SFTP calls the sync needs, as promises whose errors name the operation and the remote
 * path ("upload /srv/app/a.js: Permission denied").
 */
export class RemoteFs {
  private constructor(private readonly sftp: SFTPWrapper) {}

  /** Opens an SFTP channel on an open connection. */
  static open(client: Client): Promise<RemoteFs> {
    return new Promise((resolve, reject) => {
      client.sftp((err, sftp) => {
        if (err) reject(new Error(`The SFTP channel could not be opened: ${err.message}`));
        else resolve(new RemoteFs(sftp));
      });
    });
  }

  /** Closes the channel; calls still waiting fail at once. */
  close(): void {
    this.sftp.end();
  }

  /** Follows links; undefined when nothing is there. */
  stat(path: string): Promise<Stats | undefined> {
    return this.call<Stats | undefined>('stat', path, (cb) => this.sftp.stat(path, cb), true);
  }

  readdir(path: string): Promise<FileEntryWithStats[]> {
    return this.call('list', path, (cb) => this.sftp.readdir(path, cb));
  }

  mkdir(path: string, mode: number): Promise<void> {
    return this.call('create directory', path, (cb) => this.sftp.mkdir(path, { mode }, cb));
  }

  /** Uploads to `remote` (made or truncated) and gives it `mode` before the first byte. */
  put(local: string, remote: string, mode: number): Promise<void> {
    return this.call('upload', remote, (cb) =>
      this.sftp.fastPut(local, remote, { mode, concurrency: 16 }, cb),
    );
  }

  utimes(path: string, seconds: number): Promise<void> {
    return this.call('set the time of', path, (cb) => this.sftp.utimes(path, seconds, seconds, cb));
  }

  /** Replaces `to` atomically where the server offers POSIX rename (OpenSSH does). */
  async rename(from: string, to: string): Promise<void> {
    try {
      return await this.call('rename', to, (cb) => this.sftp.ext_openssh_rename(from, to, cb));
    } catch (e) {
      if (!(e instanceof UnsupportedError)) throw e;
    }
    // Plain SFTP rename refuses an existing target: remove it first (not atomic, but works).
    await this.unlink(to).catch(() => undefined);
    return this.call('rename', to, (cb) => this.sftp.rename(from, to, cb));
  }

  /** Removes a file or a link (never what a link points to). */
  unlink(path: string): Promise<void> {
    return this.call('remove', path, (cb) => this.sftp.unlink(path, cb));
  }

  rmdir(path: string): Promise<void> {
    return this.call('remove directory', path, (cb) => this.sftp.rmdir(path, cb));
  }

  private call<T = void>(
    what: string,
    path: string,
    start: (cb: (err: Error | undefined | null, value?: T) => void) => void,
    missingIsUndefined = false,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = (err: Error | undefined | null, value?: T) => {
        if (!err) return resolve(value as T);
        if (missingIsUndefined && (err as { code?: unknown }).code === NO_SUCH_FILE) {
          return resolve(undefined as T);
        }
        reject(new Error(`${what} ${path}: ${err.message}`, { cause: err }));
      };
      try {
        start(done);
      } catch (e) {
        // ssh2 throws synchronously for an extension the server lacks, or a closed channel.
        const message = e instanceof Error ? e.message : String(e);
        if (/does not support/.test(message)) reject(new UnsupportedError(message));
        else reject(new Error(`${what} ${path}: ${message}`, { cause: e }));
      }
    });
  }
}

class UnsupportedError extends Error {}

/** Whether an error from RemoteFs means the path does not exist. */
export function isMissing(err: unknown): boolean {
  return (err as { cause?: { code?: unknown } })?.cause?.code === NO_SUCH_FILE;
}
