import fastifyMultipart from '@fastify/multipart';
import { serverRoutes } from '@ferry/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../core/errors.js';
import { bindRoute } from '../../core/http/bind-route.js';
import type { ServerConnections } from './server-connection.service.js';
import { presentServer, presentServerOption } from './server.presenter.js';
import type { ServerService } from './server.service.js';

const MAX_CSV_BYTES = 1024 * 1024;

/** The uploaded CSV as text; 10003 naming `file` when it is missing, too big or not multipart. */
async function readCsvUpload(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) throw invalid('file', 'must be uploaded as multipart/form-data');
  try {
    const part = await req.file({ limits: { fileSize: MAX_CSV_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file') throw invalid('file', 'is required');
    return (await part.toBuffer()).toString('utf8');
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalid('file', 'must be at most 1 MiB');
    }
    throw invalid('file', 'could not be read from the upload');
  }
}

export function serverPlugin(servers: ServerService, connections: ServerConnections) {
  return async (app: FastifyInstance) => {
    // Only this plugin's scope parses multipart bodies: the import is the one upload here.
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1 } });

    bindRoute(app, serverRoutes.getList, async ({ ctx, input }) => ({
      list: (await servers.list(ctx, input)).map(presentServer),
    }));
    bindRoute(app, serverRoutes.getOption, async ({ ctx }) => ({
      list: (await servers.options(ctx)).map(presentServerOption),
    }));
    bindRoute(app, serverRoutes.getPublicKey, () => servers.publicKey());
    bindRoute(app, serverRoutes.check, ({ ctx, input }) => connections.check(ctx, input));
    bindRoute(app, serverRoutes.add, async ({ ctx, input }) => ({
      id: await servers.add(ctx, input),
    }));
    bindRoute(app, serverRoutes.edit, async ({ ctx, input }) => {
      await servers.edit(ctx, input);
      return null;
    });
    bindRoute(app, serverRoutes.toggle, async ({ ctx, input }) => {
      await servers.toggle(ctx, input);
      return null;
    });
    bindRoute(app, serverRoutes.importCsv, async ({ ctx, req }) => ({
      count: await servers.importCsv(ctx, await readCsvUpload(req)),
    }));
    bindRoute(app, serverRoutes.installPublicKey, ({ ctx, input }) =>
      connections.installPublicKey(ctx, input),
    );
    bindRoute(app, serverRoutes.acceptHostKey, ({ ctx, input }) =>
      servers.acceptHostKey(ctx, input.id),
    );
  };
}
