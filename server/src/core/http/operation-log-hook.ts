import type { RouteDescriptor } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { REDACTED, redact } from '../redact.js';
import { createTtlCache } from '../ttl-cache.js';
import type { RequestContext } from './context.js';

export interface OperationEntry {
  userId: number;
  namespaceId: number;
  router: string;
  api: string;
  requestTime: number;
  requestData: string;
  responseTime: number;
  responseData: string;
}

const MAX_STORED = 64 * 1024;

/** A read by an API key is recorded once per key and route in this long (a CI job polls). */
const KEY_READ_EVERY_MS = 60_000;

/**
 * Records every state-changing request of a logged-in caller (method other than GET) with its
 * request and response, secrets redacted; and what API keys read, each key's read of a route
 * once a minute, with the answer's code and message but not its data. Recording failures are
 * logged, never surfaced.
 */
export function registerOperationLog(
  app: FastifyInstance,
  record: (entry: OperationEntry) => Promise<void>,
  now: () => number,
): void {
  const keyReads = createTtlCache<string, true>({ ttlMs: KEY_READ_EVERY_MS, now });
  /** Whether this read is one to record: by an API key, its first of the route in a minute. */
  const recordsRead = (ctx: RequestContext, api: string) => {
    if (ctx.via.kind !== 'apiKey') return false;
    const seen = `${ctx.via.id}:${ctx.user.id}:${ctx.namespaceId}:${api}`;
    if (keyReads.get(seen)) return false;
    keyReads.set(seen, true);
    return true;
  };
  app.addHook('onSend', (req, reply, payload, done) => {
    const descriptor = req.routeOptions.config.descriptor;
    const read = descriptor?.method === 'GET';
    if (
      !descriptor ||
      descriptor.audit === false ||
      !req.ctx ||
      (read && !recordsRead(req.ctx, descriptor.path))
    ) {
      done(null, payload);
      return;
    }
    const query = (req.query ?? {}) as Record<string, unknown>;
    const body = typeof req.body === 'object' && req.body !== null ? req.body : {};
    const entry: OperationEntry = {
      userId: req.ctx.user.id,
      namespaceId: req.ctx.namespaceId,
      router: routerOf(req.ctx, String(req.headers.router ?? '')),
      api: descriptor.path,
      requestTime: Math.round(now() - reply.elapsedTime),
      responseTime: now(),
      ...storedOperationData(descriptor, body, query, read ? envelopeHead(payload) : payload),
    };
    record(entry)
      .catch((err: unknown) => req.log.error({ err }, 'operation log failed'))
      .finally(() => done(null, payload));
  });
}

/**
 * The `router` column: the browser's page for a session; for an API key, which key (goploy's
 * operation log page shows this column, so a key's calls say whose script made them).
 */
function routerOf(ctx: RequestContext, header: string): string {
  if (ctx.via.kind !== 'apiKey') return header.slice(0, 255);
  return (ctx.via.id === 0 ? 'API key' : `API key: ${ctx.via.name}`).slice(0, 255);
}

/**
 * A request (its body and query) and its answer as the operation log stores them: the route's
 * own secret fields and every name of the redaction list as `***`, addresses masked, a secret
 * answer's data hidden, each capped. `descriptor` is undefined for a path the console does not
 * know (an imported log of a route it lacks): only the redaction list then applies.
 */
export function storedOperationData(
  descriptor: Pick<RouteDescriptor, 'secretInput' | 'secretOutput'> | undefined,
  body: object,
  query: object,
  payload: unknown,
): { requestData: string; responseData: string } {
  return {
    requestData: cap(JSON.stringify(redact(hiding(body, descriptor?.secretInput, query)))),
    responseData: cap(redactPayload(payload, descriptor?.secretOutput === true)),
  };
}

/** The body and query as stored, with the route's own secret fields as `***`. */
function hiding(body: object, names: readonly string[] | undefined, query: object) {
  const out: Record<string, unknown> = { ...body, _query: query };
  for (const name of names ?? []) if (name in out) out[name] = REDACTED;
  return out;
}

/** An answer's envelope head (`{"code":…,"message":"…"`), as the serializer writes it first. */
const ENVELOPE_HEAD = /^\{"code":(-?\d+),"message":("(?:[^"\\]|\\.)*")/;

/** A read's answer as recorded: its code and message, never the data read. */
function envelopeHead(payload: unknown): string {
  const head = typeof payload === 'string' ? ENVELOPE_HEAD.exec(payload) : null;
  return head ? `{"code":${head[1]},"message":${head[2]}}` : '';
}

function redactPayload(payload: unknown, secretData: boolean): string {
  if (typeof payload !== 'string') return '';
  // A large answer (a script's output) would be parsed whole to keep its first bytes: only its
  // code and message are kept.
  if (payload.length > 4 * MAX_STORED) {
    const head = ENVELOPE_HEAD.exec(payload);
    if (!head) return '';
    const data = JSON.stringify(`[${payload.length} characters not kept]`);
    return `{"code":${head[1]},"message":${head[2]},"data":${data}}`;
  }
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (secretData && body.data !== null) body.data = '***';
    return JSON.stringify(redact(body));
  } catch {
    return '';
  }
}

function cap(text: string): string {
  return text.length > MAX_STORED ? `${text.slice(0, MAX_STORED)}…[truncated]` : text;
}
