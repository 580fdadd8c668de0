import type { FastifyBaseLogger } from 'fastify';
import type { ApiKeyUse } from './identity.js';

/** The caller, as the auth hook found them. */
export interface AuthUser {
  id: number;
  account: string;
  name: string;
  superManager: number;
}

/**
 * What a service learns about a request: who, in which namespace, holding which permissions.
 * Services take this, never the Fastify request.
 */
export interface RequestContext {
  user: AuthUser;
  /** The namespace of `G-N-ID`; 0 when none was sent. */
  namespaceId: number;
  permissions: ReadonlySet<number>;
  /**
   * How the caller authenticated: a session (its token hash) or an API key (which one, and the
   * scope of a scoped key).
   */
  via: { kind: 'session'; tokenHash: string } | ({ kind: 'apiKey' } & ApiKeyUse);
  ip: string;
  userAgent: string;
  reqId: string;
  log: FastifyBaseLogger;
}

/** The caller's address; empty when there is no socket (an injected WebSocket in tests). */
export function clientIp(req: { readonly ip: string | undefined }): string {
  try {
    // Without a socket address (and with no proxy trusted) Fastify answers undefined.
    return req.ip ?? '';
  } catch {
    return '';
  }
}

/** The address the browser used to reach the console (behind a trusted proxy: as the proxy says). */
export function requestOrigin(req: { readonly protocol: string; readonly host: string }): string {
  return `${req.protocol}://${req.host}`;
}
