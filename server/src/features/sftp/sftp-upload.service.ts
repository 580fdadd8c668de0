import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import {
  fileNameProblem,
  MAX_UPLOAD_CHUNK_BYTES,
  remotePathProblem,
  type RouteParsed,
  type sftpRoutes,
} from '@ferry/contract';
import { AppError, failed, invalid } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { makeDirectories } from '../../infra/sftp/remote-dirs.js';
import { sftpCalls, unlessMissing } from '../../infra/sftp/sftp-calls.js';
import type { ServerAccess } from '../server/server.api.js';
import type { ClusterLocks } from '../../infra/cluster/cluster-locks.js';
import { partialPathOf } from './partial-file.js';
import { withSftp } from './sftp-channel.js';
import { heldBytes, moveIntoPlace, writePartial } from './upload-partial.js';
import type { SftpLogService } from './sftp-log.service.js';
import { streamFailure } from './stream-failure.js';

type StatusInput = RouteParsed<typeof sftpRoutes.uploadStatus>;
type ChunkInput = RouteParsed<typeof sftpRoutes.uploadChunk>;
type CancelInput = RouteParsed<typeof sftpRoutes.uploadCancel>;
type FileInput = RouteParsed<typeof sftpRoutes.uploadFile>;

/** A chunk's bytes as they arrive, and how many the request says it carries (when it says). */
export interface ChunkBody {
  stream: Readable;
  declaredBytes: number | undefined;
}

/** A file of a multipart upload as it arrives. */
export interface UploadedFile {
  filename: string;
  stream: Readable;
}

/**
 * Uploads, streamed to the server and never stored on the console. A file arrives in a hidden
 * partial beside its target (`partial-file.ts`) and is moved over the target when complete, so
 * a target is never half-written and an interrupted upload resumes from what the server holds.
 * Requests for the same target run one after the other, so a status asked right after a cut
 * chunk sees everything that chunk wrote.
 */
export function createSftpUploads(deps: {
  access: ServerAccess;
  logs: SftpLogService;
  /** One request at a time per target, over every console (`cluster-locks.ts`). */
  locks: ClusterLocks;
}) {
  const { access, logs, locks } = deps;
  const onTarget = <T>(serverId: number, file: string, work: () => Promise<T>) =>
    locks.run(`${serverId}\0${file}`, work);

  /** Records an upload that failed (not a refusal, nor a chunk sent at the wrong offset). */
  const recordFailure = async (
    ctx: RequestContext,
    serverId: number,
    file: string,
    err: unknown,
  ) => {
    if (err instanceof AppError && (err.code !== 2 || err.reason === 'upload_offset')) return;
    await logs.failed(ctx, { serverId, type: 'UPLOAD', path: file }, err);
  };

  return {
    /** Bytes of an upload of `size` bytes the server already holds; a stale, longer partial goes. */
    status(ctx: RequestContext, input: StatusInput, signal?: AbortSignal) {
      const { serverId, file, size } = input;
      checkTarget(file);
      return withSftp(
        access,
        ctx,
        serverId,
        (sftp) =>
          onTarget(serverId, file, async () => {
            try {
              return { offset: await heldBytes(sftp, file, size) };
            } catch (err) {
              throw streamFailure('upload to', file, err, signal);
            }
          }),
        signal,
      );
    },

    /** Writes the body at `offset`; the chunk that completes the file moves it into place. */
    async chunk(ctx: RequestContext, input: ChunkInput, body: ChunkBody, signal?: AbortSignal) {
      const { serverId, file, size, offset } = input;
      checkTarget(file);
      if (offset > size) throw invalid('offset', 'must not be beyond size');
      const room = Math.min(MAX_UPLOAD_CHUNK_BYTES, size - offset);
      if (body.declaredBytes !== undefined && body.declaredBytes > room) {
        throw invalid('body', `must be at most ${room} bytes at this offset`);
      }
      try {
        return await withSftp(
          access,
          ctx,
          serverId,
          (sftp) =>
            onTarget(serverId, file, async () => {
              const held = await heldBytes(sftp, file, size);
              if (held !== offset) {
                const message = `The server holds ${held} bytes of ${file}: continue from there`;
                throw failed(message, 'upload_offset', { offset: held });
              }
              if (offset === 0) await makeDirectories(sftpCalls(sftp), posix.dirname(file));
              const written = await writePartial(sftp, file, offset, body.stream, room, signal);
              const done = offset + written === size;
              if (done) {
                await moveIntoPlace(sftp, file, input.mtime);
                await logs.ok(ctx, {
                  serverId,
                  type: 'UPLOAD',
                  path: file,
                  detail: `${size} bytes`,
                });
              }
              return { offset: offset + written, done };
            }).catch((err: unknown) => {
              throw streamFailure('upload to', file, err, signal);
            }),
          signal,
        );
      } catch (err) {
        await recordFailure(ctx, serverId, file, err);
        throw err;
      }
    },

    /**
     * Drops the partial file of an upload to `file`, if there is one; the upload is then logged
     * as given up, with the bytes dropped.
     */
    async cancel(ctx: RequestContext, input: CancelInput, signal?: AbortSignal) {
      const { serverId, file } = input;
      checkTarget(file);
      const dropped = await withSftp(
        access,
        ctx,
        serverId,
        (sftp) =>
          onTarget(serverId, file, async () => {
            const calls = sftpCalls(sftp);
            const partial = partialPathOf(file, 'upload');
            try {
              const held = await unlessMissing(calls.lstat(partial));
              if (held) await calls.unlink(partial);
              return held?.size;
            } catch (err) {
              throw streamFailure('cancel the upload to', file, err, signal);
            }
          }),
        signal,
      );
      if (dropped !== undefined) {
        const detail = `${dropped} bytes dropped`;
        const action = { serverId, type: 'UPLOAD', path: file, detail } as const;
        await logs.failed(ctx, action, 'The upload was cancelled.');
      }
      return null;
    },

    /** goploy's upload: one file of a multipart form into directory `filePath`. */
    async multipart(
      ctx: RequestContext,
      input: FileInput,
      upload: () => Promise<UploadedFile>,
      signal?: AbortSignal,
    ) {
      const server = await access.usable(ctx, input.id);
      const { filename, stream } = await upload();
      const problem = fileNameProblem(filename);
      if (problem) throw invalid('file', `name ${problem}`);
      const file = posix.join(input.filePath, filename);
      checkTarget(file);
      const action = { serverId: server.id, type: 'UPLOAD', path: file } as const;
      const work = () =>
        withSftp(
          access,
          ctx,
          server.id,
          (sftp) =>
            onTarget(server.id, file, async () => {
              try {
                const bytes = await writePartial(sftp, file, 0, stream, Infinity, signal);
                await moveIntoPlace(sftp, file, undefined);
                return bytes;
              } catch (err) {
                throw streamFailure('upload to', file, err, signal);
              }
            }),
          signal,
        );
      await logs.around(ctx, action, work, (bytes) => `${bytes} bytes`);
      return null;
    },
  };
}

export type SftpUploads = ReturnType<typeof createSftpUploads>;

/** A target must name a file below `/`; the contract's path rules hold for its partial too. */
function checkTarget(file: string): void {
  if (file === '/') throw invalid('file', 'must name a file, not /');
  const problem = remotePathProblem(partialPathOf(file, 'upload'));
  if (problem) throw invalid('file', problem);
}
