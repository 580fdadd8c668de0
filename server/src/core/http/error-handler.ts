import { Code, type Envelope } from '@ferry/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Every failure leaves as HTTP 200 with an envelope. AppErrors keep their code and reason; a
 * malformed body is 10003; anything unexpected is code 2 with a generic message, the stack only
 * in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const body = toEnvelope(err, req);
    if (String(err.code).startsWith('FST_ERR_CTP_')) keepConnectionOpen(req, reply);
    return reply.status(body.httpStatus).send(body.envelope);
  });
}

/**
 * A refused body of at most this many declared bytes is read to its end and dropped after the
 * answer, so the connection stays open; a larger one, or one of unknown length, still closes it.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Fastify closes the connection after any body it could not parse (too large, not JSON, an
 * unknown type), while most HTTP clients write the whole body before they read an answer: they
 * met a broken pipe instead of the 10003. The answer goes out at once, without reading the body;
 * Node then reads the rest and drops it, and the connection is reused.
 */
function keepConnectionOpen(req: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(req.headers['content-length']);
  if (!Number.isSafeInteger(declared) || declared > DRAIN_MAX_BYTES) return;
  reply.removeHeader('connection');
}

function toEnvelope(
  err: FastifyError,
  req: FastifyRequest,
): { httpStatus: number; envelope: Envelope<unknown> } {
  if (err instanceof AppError) {
    return ok({ code: err.code, message: err.message, reason: err.reason }, err.data);
  }
  if (err.statusCode === 429) {
    return ok({
      code: Code.error,
      message: 'Too many requests, try again later',
      reason: 'rate_limited',
    });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return ok({
      code: Code.illegalParam,
      message: 'request body is not valid JSON',
      reason: 'invalid_parameter',
    });
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return ok({
      code: Code.illegalParam,
      message: 'request body is too large',
      reason: 'invalid_parameter',
    });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return ok({
      code: Code.illegalParam,
      message: 'request content type is not supported',
      reason: 'invalid_parameter',
    });
  }
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
    return ok({ code: Code.illegalParam, message: err.message, reason: 'invalid_request' });
  }
  req.log.error({ err }, 'unexpected error');
  return ok({
    code: Code.error,
    message: 'Internal error, see the server log',
    reason: 'internal_error',
  });
}

function ok(e: { code: number; message: string; reason: string }, data: unknown = null) {
  return {
    httpStatus: 200,
    envelope: { code: e.code, message: e.message, data, reason: e.reason },
  };
}

/** Unknown API paths answer code 1, as goploy does; the SPA fallback is registered elsewhere. */
export function unknownRoute(reply: FastifyReply) {
  return reply
    .status(200)
    .send({ code: Code.deny, message: 'Unknown route', data: null, reason: 'unknown_route' });
}
