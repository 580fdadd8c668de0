import type { FastifyInstance } from 'fastify';
import { NOTHING_POLICY } from './content-security-policy.js';

/**
 * Response headers, precomputed once. @fastify/helmet set the same ones but cost more per request
 * than the whole auth check (measured by bench/api.ts). JSON answers need only the two that
 * matter to them; pages and static files get the full set.
 */
const FOR_EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

const FOR_PAGES = {
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-permitted-cross-domain-policies': 'none',
  // The web app's page replaces it with its own policy and nonce (spa.ts).
  'content-security-policy': NOTHING_POLICY,
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(FOR_EVERY_ANSWER);
    if (!req.routeOptions.config.descriptor) void reply.headers(FOR_PAGES);
    if (req.protocol === 'https') {
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
}
