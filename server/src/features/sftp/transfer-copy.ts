import { posix } from 'node:path';
import type { SFTPWrapper } from 'ssh2';
import { makeDirectories } from '../../infra/sftp/remote-dirs.js';
import { RemoteFileReader } from '../../infra/sftp/remote-file-reader.js';
import { RemoteFileWriter } from '../../infra/sftp/remote-file-writer.js';
import type { RemoteEntry } from '../../infra/sftp/remote-tree.js';
import { sftpCalls, unlessMissing, type SftpCalls } from '../../infra/sftp/sftp-calls.js';
import { fanOut, type FanOutSink } from '../../infra/stream/fan-out.js';
import { partialPathOf } from './partial-file.js';
import { streamFailure } from './stream-failure.js';

/** One destination server of a transfer: its channel while it is live, why it failed once not. */
export interface Destination {
  serverId: number;
  /** '' when the server is not the caller's to use (its name is not theirs to learn). */
  serverName: string;
  sftp?: SFTPWrapper;
  error?: string;
  /** Bytes of files finished on this destination. */
  bytes: number;
  /** The file being written now. */
  writer?: RemoteFileWriter;
}

/** Bytes this destination acknowledged so far. */
export const bytesOf = (d: Destination) => d.bytes + (d.writer?.bytesWritten ?? 0);

/**
 * Copies the entries of a source tree (`walkRemoteTree`, or one file at path '') from `source`
 * under `sourceRoot` to `targetRoot` on every live destination at once: each file is read once
 * and fanned out. A destination that fails is dropped with its message; the others go on. A
 * single file is written under a hidden name and moved into place, so a failed copy never
 * leaves a half-written file; a directory's files are written in place. Directory modes are set
 * last, so a read-only directory still receives its files.
 */
export async function copyEntries(job: {
  source: SFTPWrapper;
  sourceRoot: string;
  entries: readonly RemoteEntry[];
  targetRoot: string;
  destinations: Destination[];
  signal: AbortSignal | undefined;
}): Promise<void> {
  const { entries, targetRoot, destinations, signal } = job;
  const live = () => destinations.filter((d) => !d.error);
  /** Runs `work` on every live destination; one that fails is dropped, naming `target`. */
  const each = (target: string, work: (calls: SftpCalls) => Promise<void>) =>
    Promise.all(
      live().map(async (d) => {
        try {
          await work(sftpCalls(d.sftp!));
        } catch (err) {
          d.error = streamFailure('write', target, err, signal).message;
        }
      }),
    );
  const destDir = posix.dirname(targetRoot);
  await each(destDir, (calls) => makeDirectories(calls, destDir));
  for (const entry of entries) {
    if (live().length === 0) return;
    if (signal?.aborted) return cancel(destinations, targetRoot);
    const target = entry.path === '' ? targetRoot : posix.join(targetRoot, entry.path);
    const from = entry.path === '' ? job.sourceRoot : posix.join(job.sourceRoot, entry.path);
    if (entry.kind === 'dir') {
      await each(target, (calls) => makeDirectories(calls, target));
    } else if (entry.kind === 'link') {
      await each(target, async (calls) => {
        await unlessMissing(calls.unlink(target));
        await calls.symlink(entry.target, target);
      });
    } else {
      const single = entry.path === '' && entries.length === 1;
      await copyFile({ ...job, from, target, mode: entry.mode, size: entry.size, single });
      if (single) return;
    }
  }
  const dirs = entries.filter((e) => e.kind === 'dir').reverse();
  for (const dir of dirs) {
    const target = dir.path === '' ? targetRoot : posix.join(targetRoot, dir.path);
    await each(target, (calls) => calls.chmod(target, dir.mode));
  }
}

/** One file read once from the source and written to every live destination. */
async function copyFile(job: {
  source: SFTPWrapper;
  from: string;
  target: string;
  mode: number;
  size: number;
  single: boolean;
  destinations: Destination[];
  signal: AbortSignal | undefined;
}): Promise<void> {
  const { target, mode, destinations, signal } = job;
  const written = job.single ? partialPathOf(target, 'transfer') : target;
  const live = destinations.filter((d) => !d.error);
  const sinks = live.map((d): FanOutSink & { destination: Destination } => {
    d.writer = new RemoteFileWriter(d.sftp!, written, { mode });
    return { writable: d.writer, destination: d };
  });
  const reader = new RemoteFileReader(job.source, job.from, { length: job.size });
  const stop = () => reader.destroy(new Error('cancelled'));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await fanOut(reader, sinks);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  await Promise.all(
    sinks.map(async ({ destination: d, error }) => {
      const calls = sftpCalls(d.sftp!);
      d.writer = undefined;
      try {
        if (error && error === reader.errored) throw streamFailure('read', job.from, error, signal);
        if (error) throw streamFailure('write', target, error, signal);
        await calls.chmod(written, mode);
        if (job.single) await calls.rename(written, target);
        d.bytes += job.size;
      } catch (err) {
        d.error = (err as Error).message;
        if (job.single) await unlessMissing(calls.unlink(written)).catch(() => undefined);
      }
    }),
  );
}

function cancel(destinations: Destination[], target: string): void {
  for (const d of destinations) {
    d.error ??= `Cannot write ${target}: the request was cancelled`;
  }
}
