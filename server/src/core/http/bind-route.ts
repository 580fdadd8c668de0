import { Code, type RouteDescriptor, type RouteOutput, type RouteParsed } from '@ferry/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import type { RequestContext } from './context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every API route carries its descriptor; the auth hook reads `access` from it. */
    descriptor?: RouteDescriptor;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every non-public route. */
    ctx: RequestContext | null;
  }
}

export interface HandlerArgs<R extends RouteDescriptor, C> {
  ctx: C;
  input: RouteParsed<R>;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<R extends RouteDescriptor, C> = (
  args: HandlerArgs<R, C>,
) => Promise<RouteOutput<R>> | RouteOutput<R>;

/** Binds a route that needs a logged-in caller: the handler always has a context. */
export function bindRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: Handler<R, RequestContext>,
): void {
  if (descriptor.access === 'public') {
    throw new Error(`${descriptor.path} is public: bind it with bindPublicRoute`);
  }
  register(app, descriptor, async (req, reply) => {
    const ctx = req.ctx;
    if (!ctx) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
    return handler({ ctx, input: parseInput(descriptor, req), req, reply });
  });
}

/**
 * Binds a route whose answer is a stream (a preview, a download), not an envelope: the handler
 * sends it on `reply`. The descriptor is the same, so the auth hook guards it like every other
 * route, and a failure before anything was sent still answers with an envelope.
 */
export function bindStreamRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: (args: HandlerArgs<R, RequestContext>) => Promise<FastifyReply>,
): void {
  app.route({
    method: descriptor.method,
    url: descriptor.path,
    config: { descriptor },
    handler: async (req, reply) => {
      const ctx = req.ctx;
      if (!ctx) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
      return handler({ ctx, input: parseInput(descriptor, req), req, reply });
    },
  });
}

/** Binds a route anyone may call, such as login. */
export function bindPublicRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: R,
  handler: Handler<R, null>,
  extraConfig: Omit<FastifyContextConfig, 'descriptor'> = {},
): void {
  if (descriptor.access !== 'public') throw new Error(`${descriptor.path} is not public`);
  register(
    app,
    descriptor,
    (req, reply) => handler({ ctx: null, input: parseInput(descriptor, req), req, reply }),
    extraConfig,
  );
}

function register(
  app: FastifyInstance,
  descriptor: RouteDescriptor,
  run: (req: FastifyRequest, reply: FastifyReply) => unknown,
  extraConfig: Omit<FastifyContextConfig, 'descriptor'> = {},
): void {
  app.route({
    method: descriptor.method,
    url: descriptor.path,
    config: { ...extraConfig, descriptor },
    handler: async (req, reply) => {
      const data = await run(req, reply);
      if (reply.sent) return reply;
      return { code: Code.ok, message: '', data: data ?? null };
    },
  });
}

/**
 * Validates the query string merged with the JSON body (the body wins), as goploy decodes input.
 * A failure names the field and the rule (code 10003); nothing has run yet, so nothing is written.
 */
export function parseInput<R extends RouteDescriptor>(descriptor: R, req: FastifyRequest) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = isPlainObject(req.body) ? req.body : {};
  const result = descriptor.input.safeParse({ ...query, ...body });
  if (!result.success) throw validationError(result.error);
  return result.data as RouteParsed<R>;
}

function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : 'request';
  const rule = issue?.message ?? 'is invalid';
  return new AppError(Code.illegalParam, `${field} ${rule}`, 'invalid_parameter');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
