import { posix } from 'node:path';
import { finished, PassThrough, type Readable } from 'node:stream';
import type { RouteParsed, sftpRoutes } from '@ferry/contract';
import type { SFTPWrapper } from 'ssh2';
import { failed } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { RemoteFileReader } from '../../infra/sftp/remote-file-reader.js';
import { sftpCalls } from '../../infra/sftp/sftp-calls.js';
import type { RemoteCommand } from '../../infra/ssh/exec.js';
import { shellJoin } from '../../infra/ssh/quote.js';
import { forEachLimited } from '../../infra/transfer/run-limited.js';
import type { ServerAccess } from '../server/server.api.js';
import { withSftp } from './sftp-channel.js';
import type { SftpLogService } from './sftp-log.service.js';
import { streamFailure } from './stream-failure.js';

type FileInput = RouteParsed<typeof sftpRoutes.downloadFile>;
type ArchiveInput = RouteParsed<typeof sftpRoutes.downloadArchive>;

/** A download as the HTTP layer sends it. */
export interface Download {
  filename: string;
  type: string;
  /** Bytes, when known before the first one (Content-Length). */
  size?: number;
  body: Readable;
}

/**
 * Hands a download to the HTTP layer. Resolves once its first byte (or its end) is there and the
 * answer has begun; rejects with the body's error when it failed before that, so the caller can
 * still answer with an envelope.
 */
export type Deliver = (download: Download) => Promise<void>;

/**
 * `tar` runs its command line through `sh -c` as one argument, which Linux caps at 128 KiB:
 * longer name lists go to tar's stdin instead.
 */
const MAX_ARGV_BYTES = 96 * 1024;

/** Downloads: a file read over SFTP, or files and directories archived by `tar` on the server. */
export function createSftpDownloads(deps: { access: ServerAccess; logs: SftpLogService }) {
  const { access, logs } = deps;

  return {
    /** The file as an attachment, read as the browser takes it; a directory is refused. */
    file(ctx: RequestContext, input: FileInput, deliver: Deliver, signal?: AbortSignal) {
      const { id, file } = input;
      const action = { serverId: id, type: 'DOWNLOAD', path: file } as const;
      const work = () =>
        withSftp(
          access,
          ctx,
          id,
          async (sftp) => {
            try {
              const stats = await sftpCalls(sftp).stat(file);
              if (stats.isDirectory()) {
                const hint = 'download it as an archive';
                throw failed(`${file} is a directory: ${hint}`, 'file_is_directory');
              }
              const body = new RemoteFileReader(sftp, file, { length: stats.size });
              const filename = posix.basename(file);
              await deliver({ filename, type: 'application/octet-stream', size: stats.size, body });
              await ended(body);
              return stats.size;
            } catch (err) {
              throw streamFailure('download', file, err, signal);
            }
          },
          signal,
        );
      return logs.around(ctx, action, work, (bytes) => `${bytes} bytes`);
    },

    /**
     * `names` of `dir` as one `.tar.gz` made by `tar` on the server, streamed as the browser takes
     * it (the command waits while the browser is slow) and never held whole. tar failing after
     * the first byte cuts the answer off, so the browser sees a failed download rather than a
     * short archive.
     */
    archive(ctx: RequestContext, input: ArchiveInput, deliver: Deliver, signal?: AbortSignal) {
      const { id, dir, names } = input;
      const single = names.length === 1 ? names[0]! : undefined;
      const filename = `${single ?? (posix.basename(dir) || 'root')}.tar.gz`;
      const action = { serverId: id, type: 'DOWNLOAD', path: dir } as const;
      let bytes = 0;
      let warning = '';
      const work = async () => {
        const server = await access.usable(ctx, id);
        await withSftp(access, ctx, id, (sftp) => checkEntries(sftp, dir, names, signal), signal);
        const body = new PassThrough({ highWaterMark: 256 * 1024 });
        const tar = tarOf(dir, names);
        const run = access.exec(server, tar.command, {
          ...(tar.stdin ? { stdin: tar.stdin } : {}),
          stdout: body,
          signal,
          onStdout: (chunk) => (bytes += chunk.length),
        });
        const delivered = deliver({ filename, type: 'application/gzip', body });
        delivered.catch(() => undefined); // awaited below, after tar ended
        try {
          const result = await run;
          // 1: a file changed while tar read it; the archive is whole nonetheless.
          if (result.code !== 0 && result.code !== 1) throw tarFailure(dir, result.stderr);
          if (result.code === 1) warning = `; ${tarSays(result.stderr)}`;
          body.end();
        } catch (err) {
          body.destroy(streamFailure('archive', dir, err, signal));
        }
        await delivered;
        await ended(body);
      };
      const detail = () => `${names.join(', ')} as ${filename}, ${bytes} bytes${warning}`;
      return logs.around(ctx, { ...action, detail: names.join(', ') }, work, detail);
    },
  };
}

export type SftpDownloads = ReturnType<typeof createSftpDownloads>;

/** Every name must be there, so a typo is a clear answer rather than a broken archive. */
async function checkEntries(
  sftp: SFTPWrapper,
  dir: string,
  names: readonly string[],
  signal: AbortSignal | undefined,
): Promise<void> {
  const calls = sftpCalls(sftp);
  try {
    if (!(await calls.stat(dir)).isDirectory()) {
      throw failed(`${dir} is not a directory`, 'file_not_directory');
    }
  } catch (err) {
    throw streamFailure('archive', dir, err, signal);
  }
  await forEachLimited(names, 16, async (name) => {
    const path = posix.join(dir, name);
    await calls.lstat(path).catch((err: unknown) => {
      throw streamFailure('archive', path, err, signal);
    });
  });
}

/**
 * `tar -czf - -C <dir> -- <names…>`: `--` makes a name that starts with `-` a name, and the
 * quoting helper makes `;`, `$(…)` or a newline plain bytes. A list too long for one command
 * line goes to tar's stdin instead, NUL-separated and taken verbatim (GNU tar).
 */
function tarOf(dir: string, names: readonly string[]): { command: RemoteCommand; stdin?: Buffer } {
  const argv = ['tar', '-czf', '-', '-C', dir, '--', ...names];
  if (shellJoin(argv).length <= MAX_ARGV_BYTES) return { command: { argv } };
  return {
    command: {
      argv: ['tar', '-czf', '-', '-C', dir, '--null', '--verbatim-files-from', '-T', '-'],
    },
    stdin: Buffer.from(names.map((n) => `${n}\0`).join('')),
  };
}

function tarFailure(dir: string, stderr: string) {
  return failed(`Cannot archive ${dir}: ${tarSays(stderr) || 'tar failed'}`, 'archive_failed');
}

/** What tar complained about first (not its closing "Exiting with failure status"). */
const tarSays = (stderr: string) =>
  stderr
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !/Exiting with failure status/.test(line)) ?? '';

/** Resolves when `body` was read to its end; rejects when it failed or was destroyed first. */
function ended(body: Readable): Promise<void> {
  return new Promise((resolve, reject) =>
    finished(body, { writable: false }, (err) => (err ? reject(err) : resolve())),
  );
}
