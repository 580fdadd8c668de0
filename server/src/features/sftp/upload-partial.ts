import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SFTPWrapper } from 'ssh2';
import { invalid } from '../../core/errors.js';
import { RemoteFileWriter } from '../../infra/sftp/remote-file-writer.js';
import { sftpCalls, unlessMissing } from '../../infra/sftp/sftp-calls.js';
import { partialPathOf } from './partial-file.js';

/*
 * The partial file of an upload on the server (`partialPathOf(file, 'upload')`): how much it
 * holds, writing more into it, and moving it over its target once complete.
 */

/** The size of the partial of `file`; 0 when there is none, or a stale one longer than `size`. */
export async function heldBytes(sftp: SFTPWrapper, file: string, size: number): Promise<number> {
  const calls = sftpCalls(sftp);
  const partial = partialPathOf(file, 'upload');
  const stats = await unlessMissing(calls.lstat(partial));
  if (!stats) return 0;
  if (stats.isFile() && stats.size <= size) return stats.size;
  await calls.unlink(partial);
  return 0;
}

/**
 * Streams `source` into the partial of `file` at `offset`, at most `room` bytes; stops when
 * `signal` aborts (the request went).
 */
export async function writePartial(
  sftp: SFTPWrapper,
  file: string,
  offset: number,
  source: Readable,
  room: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  const partial = partialPathOf(file, 'upload');
  const flags = offset === 0 ? 'w' : 'r+';
  const writer = new RemoteFileWriter(sftp, partial, { flags, start: offset });
  await pipeline(source, byteLimit(room), writer, signal ? { signal } : {});
  return writer.bytesWritten;
}

/** Fails the stream (10003 naming the body) once more than `room` bytes came. */
function byteLimit(room: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > room) return done(invalid('body', `must be at most ${room} bytes at this offset`));
      done(null, chunk);
    },
  });
}

/**
 * Moves the complete partial over `file` (atomically where the server offers POSIX rename), with
 * the mode of the file it replaces and the given modification time.
 */
export async function moveIntoPlace(sftp: SFTPWrapper, file: string, mtime: number | undefined) {
  const calls = sftpCalls(sftp);
  const partial = partialPathOf(file, 'upload');
  const replaced = await unlessMissing(calls.stat(file));
  if (replaced?.isFile()) await calls.chmod(partial, replaced.mode & 0o7777);
  await calls.rename(partial, file);
  if (mtime !== undefined) await calls.utimes(file, mtime);
}
