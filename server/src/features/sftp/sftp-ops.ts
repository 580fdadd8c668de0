import type { Client, FileEntryWithStats, OpenMode, SFTPWrapper, Stats } from 'ssh2';
import { sftpCall } from '../../infra/sftp/sftp-calls.js';
import { SftpStatus, sftpStatusOf } from './sftp-errors.js';

/** One read request asks for this much; ssh2 splits it to what the server accepts. */
const READ_CHUNK_BYTES = 256 * 1024;

/** `name` inside directory `dir` (both normalised, `dir` absolute). */
export const joinRemote = (dir: string, name: string) =>
  dir === '/' ? `/${name}` : `${dir}/${name}`;

/** The directory part of a normalised absolute path. */
export const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';

/** The last part of a normalised absolute path. */
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Starts the SFTP subsystem on a connection of its own. */
export function openSftp(client: Client): Promise<SFTPWrapper> {
  return new Promise((resolve, reject) => {
    try {
      client.sftp((err, sftp) => (err ? reject(err) : resolve(sftp)));
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/**
 * The file routes' and the socket's SFTP requests as promises, on the one request helper of
 * `infra/sftp` (a closed channel rejects instead of leaving the request waiting forever).
 */
export const sftpOps = (sftp: SFTPWrapper) => {
  const call = <T>(start: (cb: (err: Error | null | undefined, value?: T) => void) => void) =>
    sftpCall<T>(sftp, start);
  return {
    stat: (path: string) => call<Stats>((cb) => sftp.stat(path, cb)),
    lstat: (path: string) => call<Stats>((cb) => sftp.lstat(path, cb)),
    fstat: (handle: Buffer) => call<Stats>((cb) => sftp.fstat(handle, cb)),
    /** Undefined when nothing exists at `path` or it is a broken link. */
    async statIfAny(path: string): Promise<Stats | undefined> {
      try {
        return await call<Stats>((cb) => sftp.stat(path, cb));
      } catch (err) {
        if (sftpStatusOf(err) === SftpStatus.noSuchFile) return undefined;
        throw err;
      }
    },
    /** Undefined when nothing exists at `path` (a broken link exists). */
    async lstatIfAny(path: string): Promise<Stats | undefined> {
      try {
        return await call<Stats>((cb) => sftp.lstat(path, cb));
      } catch (err) {
        if (sftpStatusOf(err) === SftpStatus.noSuchFile) return undefined;
        throw err;
      }
    },
    realpath: (path: string) => call<string>((cb) => sftp.realpath(path, cb)),
    readlink: (path: string) => call<string>((cb) => sftp.readlink(path, cb)),
    opendir: (path: string) => call<Buffer>((cb) => sftp.opendir(path, cb)),
    /** The next entries of an open directory; undefined at its end. */
    async readdir(handle: Buffer): Promise<FileEntryWithStats[] | undefined> {
      try {
        return await call<FileEntryWithStats[]>((cb) => sftp.readdir(handle, cb));
      } catch (err) {
        if (sftpStatusOf(err) === SftpStatus.eof) return undefined;
        throw err;
      }
    },
    close: (handle: Buffer) => call<void>((cb) => sftp.close(handle, cb)),
    /** `flags` as fs.open takes them (`wx`: create, fail if it exists). */
    open: (path: string, flags: OpenMode, mode: number) =>
      call<Buffer>((cb) => sftp.open(path, flags, mode, cb)),
    /** Reads at most `limit` bytes from the start of an open file. */
    async readUpTo(handle: Buffer, limit: number): Promise<Buffer> {
      const chunks: Buffer[] = [];
      let position = 0;
      while (position < limit) {
        const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, limit - position));
        const n = await call<number>((cb) =>
          sftp.read(handle, buffer, 0, buffer.length, position, (err, bytesRead) =>
            cb(err, bytesRead),
          ),
        );
        if (n === 0) break; // the end of the file
        chunks.push(buffer.subarray(0, n));
        position += n;
      }
      return Buffer.concat(chunks);
    },
    write: (handle: Buffer, data: Buffer) =>
      data.length === 0
        ? Promise.resolve()
        : call<void>((cb) => sftp.write(handle, data, 0, data.length, 0, cb)),
    fchmod: (handle: Buffer, mode: number) => call<void>((cb) => sftp.fchmod(handle, mode, cb)),
    /** SFTP's own rename: OpenSSH refuses it when `to` exists. */
    rename: (from: string, to: string) => call<void>((cb) => sftp.rename(from, to, cb)),
    /**
     * Replaces `to` with `from` in one step (posix-rename@openssh.com). Servers without the
     * extension get an unlink of `to` and a plain rename: not atomic, but the same outcome.
     */
    async replace(from: string, to: string): Promise<void> {
      try {
        return await call<void>((cb) => sftp.ext_openssh_rename(from, to, cb));
      } catch (err) {
        if (sftpStatusOf(err) !== undefined) throw err; // the server answered: a real failure
      }
      await call<void>((cb) => sftp.unlink(to, cb)).catch(() => undefined);
      await call<void>((cb) => sftp.rename(from, to, cb));
    },
    unlink: (path: string) => call<void>((cb) => sftp.unlink(path, cb)),
    rmdir: (path: string) => call<void>((cb) => sftp.rmdir(path, cb)),
    mkdir: (path: string) => call<void>((cb) => sftp.mkdir(path, cb)),
  };
};

export type SftpOps = ReturnType<typeof sftpOps>;
