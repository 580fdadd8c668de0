import type { FastifyReply } from 'fastify';

/**
 * A signal aborted when the browser goes before the answer is complete (the connection closed,
 * the request was cancelled), so the work on the server stops with it.
 */
export function abortedWhenGone(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return abort.signal;
}
