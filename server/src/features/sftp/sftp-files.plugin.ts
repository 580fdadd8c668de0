import { Code, MAX_TEXT_FILE_BYTES, sftpRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import { bindRoute, parseInput } from '../../core/http/bind-route.js';
import { contentDisposition } from './preview-type.js';
import { abortedWhenGone } from './request-signal.js';
import type { SftpFilesService } from './sftp-files.service.js';

/**
 * An edited text file arrives as JSON: up to 2 MiB of file, which JSON may inflate (escapes,
 * multi-byte characters). The console's 1 MiB default would refuse large files.
 */
const EDIT_BODY_LIMIT = 8 * MAX_TEXT_FILE_BYTES;

/** The file manager's file routes (`/server/…File`, `/server/makeDirectory`). */
export function sftpFilesPlugin(files: SftpFilesService) {
  return (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.config?.descriptor === sftpRoutes.editFile) route.bodyLimit = EDIT_BODY_LIMIT;
    });

    bindRoute(app, sftpRoutes.readFile, ({ ctx, input, reply }) =>
      files.readFile(ctx, input, abortedWhenGone(reply)),
    );
    bindRoute(app, sftpRoutes.editFile, async ({ ctx, input, reply }) => {
      await files.editFile(ctx, input, abortedWhenGone(reply));
      return null;
    });
    bindRoute(app, sftpRoutes.renameFile, async ({ ctx, input, reply }) => {
      await files.renameFile(ctx, input, abortedWhenGone(reply));
      return null;
    });
    bindRoute(app, sftpRoutes.copyFile, async ({ ctx, input, reply }) => {
      await files.copyFile(ctx, input, abortedWhenGone(reply));
      return null;
    });
    bindRoute(app, sftpRoutes.deleteFile, async ({ ctx, input, reply }) => {
      await files.deleteFile(ctx, input, abortedWhenGone(reply));
      return null;
    });
    bindRoute(app, sftpRoutes.makeDirectory, async ({ ctx, input, reply }) => {
      await files.makeDirectory(ctx, input, abortedWhenGone(reply));
      return null;
    });

    // A stream, not an envelope: bound by hand with the same descriptor, so the auth hook guards
    // it like every other route; failures before the first byte still answer with an envelope.
    const preview = sftpRoutes.previewFile;
    app.get(preview.path, { config: { descriptor: preview } }, async (req, reply) => {
      const ctx = req.ctx;
      if (!ctx) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
      const input = parseInput(preview, req);
      const file = await files.preview(ctx, input, abortedWhenGone(reply));
      const disposition = file.inline ? 'inline' : 'attachment';
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(disposition, file.fileName))
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    });
  };
}
