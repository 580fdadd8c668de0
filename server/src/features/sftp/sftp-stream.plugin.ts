import fastifyMultipart from '@fastify/multipart';
import { Code, sftpRoutes, type RouteDescriptor } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, invalid } from '../../core/errors.js';
import { bindRoute, parseInput } from '../../core/http/bind-route.js';
import type { RequestContext } from '../../core/http/context.js';
import { abortOnClose, chunkBody, downloadTo, leaveBodiesToTheRoutes } from './http-streams.js';
import type { Deliver, SftpDownloads } from './sftp-download.service.js';
import type { SftpTransfers } from './sftp-transfer.service.js';
import type { SftpUploads } from './sftp-upload.service.js';

/**
 * The streaming file routes: downloads, uploads (goploy's multipart one and our resumable
 * chunks) and transfers between servers. Registered as a scope of its own, so the multipart and
 * raw-body parsers apply to these routes alone.
 */
export function sftpStreamPlugin(deps: {
  downloads: SftpDownloads;
  uploads: SftpUploads;
  transfers: SftpTransfers;
}) {
  const { downloads, uploads, transfers } = deps;
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fileSize: Infinity } });
    leaveBodiesToTheRoutes(app);

    bindDownload(app, sftpRoutes.downloadFile, (ctx, input, deliver, signal) =>
      downloads.file(ctx, input, deliver, signal),
    );
    bindDownload(app, sftpRoutes.downloadArchive, (ctx, input, deliver, signal) =>
      downloads.archive(ctx, input, deliver, signal),
    );

    bindRoute(app, sftpRoutes.uploadFile, ({ ctx, input, req, reply }) =>
      uploads.multipart(
        ctx,
        input,
        async () => {
          if (!req.isMultipart()) throw invalid('file', 'must be uploaded as multipart/form-data');
          const part = await req.file();
          if (!part || part.fieldname !== 'file') throw invalid('file', 'is required');
          return { filename: part.filename, stream: part.file };
        },
        abortOnClose(reply),
      ),
    );
    bindRoute(app, sftpRoutes.uploadStatus, ({ ctx, input, reply }) =>
      uploads.status(ctx, input, abortOnClose(reply)),
    );
    bindRoute(app, sftpRoutes.uploadChunk, ({ ctx, input, req, reply }) =>
      uploads.chunk(ctx, input, chunkBody(req), abortOnClose(reply)),
    );
    bindRoute(app, sftpRoutes.uploadCancel, ({ ctx, input, reply }) =>
      uploads.cancel(ctx, input, abortOnClose(reply)),
    );
    bindRoute(app, sftpRoutes.transferFile, ({ ctx, input, reply }) =>
      transfers.transfer(ctx, input, abortOnClose(reply)),
    );
  };
}

/**
 * A download, not an envelope: bound by hand with the route's descriptor, so the auth hook
 * guards it like every other route. Failures before the first byte answer with an envelope;
 * later ones cut the answer off (the service has logged them).
 */
function bindDownload<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  run: (
    ctx: RequestContext,
    input: ReturnType<typeof parseInput<R>>,
    deliver: Deliver,
    signal: AbortSignal,
  ) => Promise<unknown>,
): void {
  app.get(descriptor.path, { config: { descriptor } }, async (req, reply) => {
    const ctx = req.ctx;
    if (!ctx) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
    const input = parseInput(descriptor, req);
    const { deliver, started } = downloadTo(reply);
    try {
      await run(ctx, input, deliver, abortOnClose(reply));
    } catch (err) {
      if (!started()) throw err;
    }
    return reply;
  });
}
