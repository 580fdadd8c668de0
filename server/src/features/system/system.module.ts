import { Code, systemRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime } from '../../core/clock.js';
import { denied } from '../../core/errors.js';
import { bindRoute } from '../../core/http/bind-route.js';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import { CONSOLE_VERSION } from '../../core/version.js';
import { schemaState } from '../../db/database.js';
import type { ClusterBus } from '../../infra/cluster/cluster-bus.js';
import { createConsoleNodes, type ConsoleNodes } from '../../infra/cluster/console-nodes.js';
import { markSharedDir, sharesDir, unmarkSharedDir } from '../../infra/cluster/shared-dir-marks.js';

export interface SystemApi {
  nodes: ConsoleNodes;
  /** The console stops taking traffic and work: `/readyz` answers 503 from now on. */
  drain(): Promise<void>;
}

/**
 * The console as one of several on a database: its heartbeat row, the "Consoles" list for super
 * managers, and the health routes a load balancer asks (decision 0044).
 */
export function createSystemModule(
  shared: SharedDeps,
  deps: { bus: ClusterBus },
): FeatureModule<SystemApi> {
  const nodes = createConsoleNodes({
    db: shared.db,
    clock: shared.clock,
    id: shared.consoleId,
    version: CONSOLE_VERSION,
    log: shared.log,
  });
  let draining = false;
  const api: SystemApi = {
    nodes,
    async drain() {
      draining = true;
      await nodes.draining();
    },
  };
  return {
    plugin: (app: FastifyInstance) => {
      // The heartbeat first: the bus sends only while another console is up.
      app.addHook('onReady', async () => {
        markSharedDir(shared.config.sharedDir, nodes.id);
        await nodes.start();
        await deps.bus.start();
      });
      app.addHook('onClose', async () => {
        draining = true;
        await deps.bus.stop();
        await nodes.stop();
        unmarkSharedDir(shared.config.sharedDir, nodes.id);
      });
      // Asked every few seconds by the balancer: kept out of the request log.
      app.route({
        method: 'GET',
        url: systemRoutes.healthz.path,
        logLevel: 'silent',
        config: { descriptor: systemRoutes.healthz },
        handler: () => ({ code: Code.ok, message: '', data: { status: 'ok' } }),
      });
      app.route({
        method: 'GET',
        url: systemRoutes.readyz.path,
        logLevel: 'silent',
        config: { descriptor: systemRoutes.readyz },
        handler: async (_req, reply) => {
          let database: 'ok' | 'unreachable' = 'ok';
          let schema: 'current' | 'behind' | 'ahead' | 'unknown' = 'unknown';
          try {
            schema = await schemaState(shared.db);
          } catch {
            database = 'unreachable';
          }
          const ready = database === 'ok' && schema === 'current' && !draining;
          const data = { ready, database, schema, draining };
          if (ready) return { code: Code.ok, message: '', data };
          const message = `not ready: database ${database}, schema ${schema}${draining ? ', draining' : ''}`;
          return reply.code(503).send({ code: Code.error, message, data });
        },
      });
      bindRoute(app, systemRoutes.getConsoleList, async ({ ctx }) => {
        if (ctx.user.superManager !== 1) throw denied('Only super managers see the consoles');
        return {
          list: (await nodes.list()).map((n) => ({
            id: n.id,
            host: n.host,
            pid: n.pid,
            version: n.version,
            startTime: formatTime(n.started),
            lastSeenTime: formatTime(n.lastSeen),
            up: n.up,
            draining: n.draining,
            self: n.id === nodes.id,
            sharedFiles: n.id === nodes.id || sharesDir(shared.config.sharedDir, n.id),
            running: n.running.map((r) => ({
              kind: r.kind,
              token: r.token,
              startTime: formatTime(r.since),
            })),
          })),
        };
      });
    },
    api,
  };
}
