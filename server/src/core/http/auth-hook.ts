import { Code, type RouteDescriptor } from '@ferry/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { permissionsFor } from './access-check.js';
import { clientIp, type RequestContext } from './context.js';
import { SESSION_COOKIE, type Credentials, type IdentityResolver } from './identity.js';
import { sessionCookieOptions } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why a WebSocket upgrade was refused; the socket handler closes with it. */
    authError: AppError | null;
  }
}

/**
 * The one door every API route and WebSocket upgrade passes: credentials → enabled user (10000)
 * → namespace membership from `G-N-ID` (10002) → the route's permission ids (1). Ownership of the
 * object itself is the service's check, with the namespace this hook established.
 */
export function registerAuthHook(
  app: FastifyInstance,
  identity: IdentityResolver,
  cookieMaxAgeSeconds: number,
): void {
  app.decorateRequest('ctx', null);
  app.decorateRequest('authError', null);
  app.addHook('onRequest', async (req, reply) => {
    const descriptor = req.routeOptions.config.descriptor;
    if (!descriptor || descriptor.access === 'public') return;
    try {
      await authenticate(req, reply, descriptor);
    } catch (err) {
      // A WebSocket upgrade completes and is then closed with a code naming the failure, so the
      // browser can tell "log in again" from a network fault.
      if (!isUpgrade(req) || !(err instanceof AppError)) throw err;
      req.authError = err;
    }
  });

  async function authenticate(
    req: FastifyRequest,
    reply: FastifyReply,
    descriptor: RouteDescriptor,
  ) {
    checkOrigin(req, descriptor);
    const creds = readCredentials(req, descriptor);
    if (!creds) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
    const meta = { ip: clientIp(req), userAgent: String(req.headers['user-agent'] ?? '') };
    const auth = await identity.authenticate(creds, meta);
    if (auth.refreshCookie && creds.kind === 'session') {
      void reply.setCookie(
        SESSION_COOKIE,
        creds.token,
        sessionCookieOptions(req, cookieMaxAgeSeconds),
      );
    }
    const scope = auth.key?.scope ?? null;
    if (scope && descriptor.access === 'user' && !SCOPED_KEY_USER_ROUTES.has(descriptor.path)) {
      throw new AppError(Code.deny, 'This API key may not use this route', 'api_key_scope');
    }
    const namespaceId = readNamespaceId(req);
    const permissions = await permissionsFor(
      identity,
      auth.user,
      namespaceId,
      descriptor.access,
      scope,
    );
    // Only browser sessions say where a person works; scripts with an API key do not.
    if (auth.tokenHash && namespaceId > 0) {
      await identity.noteNamespace(auth.user, namespaceId);
    }
    const ctx: RequestContext = {
      // A scoped key acts with its role's permissions alone, never with a super manager's reach.
      user: scope ? { ...auth.user, superManager: 0 } : auth.user,
      namespaceId,
      permissions,
      via: auth.tokenHash
        ? { kind: 'session', tokenHash: auth.tokenHash }
        : { kind: 'apiKey', ...(auth.key ?? { id: 0, name: '', scope: null }) },
      ip: meta.ip,
      userAgent: meta.userAgent,
      reqId: req.id,
      log: req.log,
    };
    req.ctx = ctx;
  }
}

/**
 * SECURITY: the routes open to any signed-in user that a scoped API key may call: who it is, the
 * pickers and the hub and the API's document. Every other such route (its owner's password and
 * keys, sign-out, super-manager settings) is refused to it; permission-gated routes are open
 * within its namespaces, projects and role.
 */
const SCOPED_KEY_USER_ROUTES: ReadonlySet<string> = new Set([
  '/user/info',
  '/namespace/getOption',
  '/namespace/getUserOption',
  '/role/getOption',
  '/server/getOption',
  '/ws/connect',
  '/openapi.json',
]);

/** Whether the route's own input has a field of that name. */
function declares(descriptor: RouteDescriptor, name: string): boolean {
  const shape = (descriptor.input as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && Object.hasOwn(shape, name);
}

function isUpgrade(req: FastifyRequest): boolean {
  return String(req.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

/**
 * First match wins: the session cookie, `token`/`goploy_token` in the query (only for socket
 * upgrades and downloads, where a browser cannot send a header, and never a parameter the route
 * itself declares), then X-API-KEY as a header or in the query.
 */
function readCredentials(req: FastifyRequest, descriptor: RouteDescriptor): Credentials | null {
  const query = req.query as Record<string, unknown>;
  const cookie = req.cookies[SESSION_COOKIE];
  if (cookie) return { kind: 'session', token: cookie };
  if (isUpgrade(req) || descriptor.download === true) {
    for (const name of ['token', 'goploy_token']) {
      const v = query[name];
      if (typeof v === 'string' && v && !declares(descriptor, name)) {
        return { kind: 'session', token: v };
      }
    }
  }
  const header = req.headers['x-api-key'];
  const key = typeof header === 'string' && header ? header : query['X-API-KEY'];
  if (typeof key === 'string' && key) return { kind: 'apiKey', key };
  return null;
}

function readNamespaceId(req: FastifyRequest): number {
  const header = req.headers['g-n-id'];
  const raw =
    typeof header === 'string' && header
      ? header
      : (req.query as Record<string, unknown>)['G-N-ID'];
  if (raw === undefined || raw === '') return 0;
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 0) {
    throw new AppError(Code.namespaceInvalid, 'G-N-ID must be a namespace id', 'namespace_invalid');
  }
  return id;
}

/**
 * SECURITY: a browser sends Origin on cross-site writes and WebSocket upgrades; one that names
 * another host is refused (CSRF and cross-site WebSocket hijacking). Scripts send no Origin.
 */
function checkOrigin(req: FastifyRequest, descriptor: RouteDescriptor): void {
  const origin = req.headers.origin;
  const isWrite = descriptor.method !== 'GET' || req.headers.upgrade !== undefined;
  if (!isWrite || !origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    host = '';
  }
  if (host !== req.headers.host) {
    throw new AppError(Code.deny, 'Cross-origin request refused', 'cross_origin');
  }
}
