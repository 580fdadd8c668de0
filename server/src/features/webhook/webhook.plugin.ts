import { webhookRoutes } from '@ferry/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindPublicRoute, bindRoute } from '../../core/http/bind-route.js';
import type { WebhookService } from './webhook.service.js';

/** The bytes of each webhook body as received: GitHub signs them, not their parsed JSON. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * Each webhook body parsed, kept apart from `req.body`: the route's input (`project_id`, SVN's
 * `token`) is read from the query alone, since a provider's body has fields of the same names
 * (GitLab's push names its own `project_id`).
 */
const parsedBodies = new WeakMap<FastifyRequest, unknown>();

/** Deliveries per address and minute; a provider resending a burst stays well below. */
const DELIVERIES_PER_MINUTE = 300;

/**
 * The webhook lives in a scope of its own whose body parsers keep the raw bytes (JSON, and the
 * form GitHub can send with the JSON in `payload`); every other route keeps Fastify's parser. A
 * body that does not parse reads as empty, so the delivery is refused like any other.
 */
async function webhookScope(app: FastifyInstance, webhooks: WebhookService) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, raw: Buffer, done) => {
    rawBodies.set(req, raw);
    parsedBodies.set(req, parseBody(String(req.headers['content-type'] ?? ''), raw));
    done(null, null);
  });
  bindPublicRoute(
    app,
    webhookRoutes.receive,
    async ({ input, req, reply }) => {
      const outcome = await webhooks.receive({
        projectId: input.project_id,
        queryToken: input.token,
        headers: req.headers,
        raw: rawBodies.get(req) ?? Buffer.alloc(0),
        body: parsedBodies.get(req) ?? {},
        remoteAddr: req.ip,
      });
      const message = outcome.kind === 'deployed' ? 'receive push signal' : 'ignored';
      return reply.send({ code: 0, message, data: null });
    },
    { rateLimit: { max: DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
  );
}

function parseBody(contentType: string, raw: Buffer): unknown {
  try {
    if (contentType.includes('application/x-www-form-urlencoded')) {
      const payload = new URLSearchParams(raw.toString('utf8')).get('payload');
      return payload ? JSON.parse(payload) : {};
    }
    return raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {};
  } catch {
    return {};
  }
}

export function webhookPlugin(webhooks: WebhookService) {
  return async (app: FastifyInstance) => {
    await app.register((scope) => webhookScope(scope, webhooks));
    bindRoute(app, webhookRoutes.getWebhookDeliveryList, ({ ctx, input }) =>
      webhooks.deliveries(ctx, input),
    );
    bindRoute(app, webhookRoutes.resetWebhookSecret, async ({ ctx, input }) => ({
      secret: await webhooks.resetSecret(ctx, input.id),
    }));
  };
}
