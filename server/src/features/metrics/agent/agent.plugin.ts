import { agentRoutes } from '@ferry/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindPublicRoute, bindRoute } from '../../../core/http/bind-route.js';
import type { AgentInstaller } from './agent-install.service.js';
import type { AgentReports } from './agent-report.service.js';
import { requestOrigin } from '../../../core/http/context.js';

/** The bytes of each report as received: the agent signs them, not their parsed JSON. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** Reports per address and minute: a few hundred servers behind one address at 10 s each. */
const REPORTS_PER_MINUTE = 6000;

/**
 * The report route lives in a scope of its own whose body parser keeps the raw bytes and parses
 * nothing: the service reads the body once the signature is checked, so input is read from the
 * query alone (a body field named `sign` cannot stand in for the query's).
 */
async function reportScope(app: FastifyInstance, reports: AgentReports) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, raw: Buffer, done) => {
    rawBodies.set(req, raw);
    done(null, {});
  });
  bindPublicRoute(
    app,
    agentRoutes.report,
    async ({ input, req }) => {
      await reports.receive({
        timestamp: input.timestamp,
        sign: input.sign,
        raw: rawBodies.get(req) ?? Buffer.alloc(0),
      });
      return null;
    },
    { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: 60_000 } },
  );
}

/** The console's address as the caller reached it (the proxy's, when one is trusted). */

/** The push agent's routes: its signed reports, and installing and removing it. */
export function agentPlugin(deps: {
  reports: AgentReports;
  installer: AgentInstaller;
  /** The console's address for servers, when configured; else the caller's. */
  publicUrl: string | undefined;
}) {
  return async (app: FastifyInstance) => {
    await app.register((scope) => reportScope(scope, deps.reports));
    bindRoute(app, agentRoutes.installAgent, ({ ctx, input, req }) =>
      deps.installer.install(ctx, input, deps.publicUrl ?? requestOrigin(req)),
    );
    bindRoute(app, agentRoutes.uninstallAgent, ({ ctx, input }) =>
      deps.installer.uninstall(ctx, input),
    );
  };
}
