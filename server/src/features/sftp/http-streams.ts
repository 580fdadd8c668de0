import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from '../../core/errors.js';
import { attachmentDisposition } from './attachment.js';
import type { Deliver } from './sftp-download.service.js';
import type { ChunkBody } from './sftp-upload.service.js';

/** Aborted when the answer's connection closes before the answer was complete (the browser went). */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The request was closed.'));
  });
  return controller.signal;
}

/**
 * How a download is sent on `reply`: headers and body once the first byte (or the end) is there,
 * so a body that fails before still gets an envelope. `started()` says whether it began; after
 * that a failure can only cut the answer off, which Fastify does when the body fails.
 */
export function downloadTo(reply: FastifyReply): { deliver: Deliver; started: () => boolean } {
  let started = false;
  const deliver: Deliver = async ({ filename, type, size, body }) => {
    await once(body, 'readable');
    void reply.header('content-type', type);
    void reply.header('content-disposition', attachmentDisposition(filename));
    if (size !== undefined) void reply.header('content-length', size);
    started = true;
    void reply.send(body);
  };
  return { deliver, started: () => started };
}

/**
 * The body of an upload chunk, left unread by the content-type parser: only
 * `application/octet-stream` (or nothing at all) is taken, so a JSON or form body is never
 * mistaken for file bytes. It is piped through a stream of its own, so a failed write ends that
 * stream and not the request: the caller still gets its answer.
 */
export function chunkBody(req: FastifyRequest): ChunkBody {
  const length = req.headers['content-length'];
  const declaredBytes = length === undefined ? undefined : Number(length);
  const type = req.headers['content-type'];
  if (declaredBytes !== 0 && type !== undefined && !type.startsWith('application/octet-stream')) {
    throw invalid('body', 'must be application/octet-stream');
  }
  return { stream: req.raw.pipe(new PassThrough()), declaredBytes };
}

/**
 * Lets an `application/octet-stream` body through unread: the route streams `req.raw` itself.
 * A body left half-read by a route that answered early (a failed write, a refused offset) is
 * then read to its end and dropped, as Node does for bodies nobody started reading; left paused,
 * its connection would stay open for good.
 */
export function leaveBodiesToTheRoutes(app: FastifyInstance): void {
  app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));
  app.addHook('onResponse', async (req) => {
    if (req.raw.complete || req.raw.destroyed) return;
    req.raw.unpipe();
    req.raw.resume();
  });
}
