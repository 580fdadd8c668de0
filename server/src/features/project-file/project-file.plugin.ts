import fastifyMultipart from '@fastify/multipart';
import { MAX_PROJECT_FILE_BYTES, projectFileRoutes } from '@ferry/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../../core/errors.js';
import { bindRoute } from '../../core/http/bind-route.js';
import type { ProjectFiles } from './project-file.service.js';

/**
 * A file's text arrives as JSON: up to 1 MiB of file, which JSON may inflate (escapes, multi-byte
 * characters). The console's 1 MiB default body would refuse large files before the field rule
 * could name the problem.
 */
const TEXT_BODY_LIMIT = 8 * MAX_PROJECT_FILE_BYTES;
const TEXT_ROUTES: unknown[] = [projectFileRoutes.addFile, projectFileRoutes.editFile];

/** The project file routes; a scope of their own, so the multipart parser applies to them alone. */
export function projectFilePlugin(files: ProjectFiles) {
  return async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (TEXT_ROUTES.includes(route.config?.descriptor)) route.bodyLimit = TEXT_BODY_LIMIT;
    });
    await app.register(fastifyMultipart, {
      limits: { files: 1, fields: 10, fileSize: MAX_PROJECT_FILE_BYTES },
    });
    bindRoute(app, projectFileRoutes.getProjectFileList, ({ ctx, input }) =>
      files.list(ctx, input.id),
    );
    bindRoute(app, projectFileRoutes.getProjectFileContent, ({ ctx, input }) =>
      files.content(ctx, input.id),
    );
    bindRoute(app, projectFileRoutes.addFile, ({ ctx, input }) => files.add(ctx, input));
    bindRoute(app, projectFileRoutes.editFile, ({ ctx, input }) => files.edit(ctx, input));
    bindRoute(app, projectFileRoutes.uploadFile, ({ ctx, input, req }) =>
      files.upload(ctx, input, () => uploaded(req)),
    );
    bindRoute(app, projectFileRoutes.removeFile, ({ ctx, input }) => files.remove(ctx, input));
  };
}

/** The multipart part `file`, whole (it is at most the size limit). */
async function uploaded(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw invalid('file', 'must be uploaded as multipart/form-data');
  const part = await req.file();
  if (!part || part.fieldname !== 'file') throw invalid('file', 'is required');
  try {
    return await part.toBuffer();
  } catch {
    throw invalid('file', `must be at most ${MAX_PROJECT_FILE_BYTES / 1024 / 1024} MiB`);
  }
}
