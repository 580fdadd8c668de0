import { MAX_TEXT_FILE_BYTES, sftpRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute, bindStreamRoute } from '../../core/http/bind-route.js';
import { sendPreview } from '../../core/http/file-preview.js';
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

    bindStreamRoute(app, sftpRoutes.previewFile, async ({ ctx, input, reply }) =>
      sendPreview(reply, await files.preview(ctx, input, abortedWhenGone(reply))),
    );
  };
}
