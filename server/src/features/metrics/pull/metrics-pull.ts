import { randomUUID } from 'node:crypto';
import type { FeaturePlugin, SharedDeps } from '../../../core/module.js';
import type { RemoteRunApi } from '../../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../../server/server.api.js';
import { collectorScript } from '../collector/collector.js';
import type { MetricIngest } from '../metrics-deps.js';
import { metricsSourcePlugin } from './metrics-source.plugin.js';
import { createMetricSourceRepository } from './metrics-source.repository.js';
import { createMetricsSourceService } from './metrics-source.service.js';
import { createPullEngine, type PullEngineOptions } from './pull-engine.js';

/**
 * The pull collection: the routes choosing how a server is collected, and the engine (started
 * when the app is ready, stopped when it closes) that runs the collector over SSH on the due
 * servers and hands the samples to the ingest.
 */
export function createMetricsPull(
  shared: SharedDeps,
  deps: {
    ingest: MetricIngest;
    servers: Pick<ServerDirectory, 'visible'>;
    remoteRuns: Pick<RemoteRunApi, 'execOnServer'>;
    engine?: PullEngineOptions | undefined;
  },
): { plugin: FeaturePlugin; collectDue: () => Promise<void> } {
  const repo = createMetricSourceRepository(shared.db);
  const manual = deps.engine?.manual === true;
  const engine = createPullEngine(
    {
      repo,
      clock: shared.clock,
      // Read now: a build that lost the file fails at start, not at every collection.
      script: collectorScript(),
      execOnServer: deps.remoteRuns.execOnServer,
      ingest: deps.ingest,
      log: shared.log,
      owner: `metrics-${randomUUID()}`,
    },
    deps.engine,
  );
  const sources = createMetricsSourceService({
    repo,
    clock: shared.clock,
    servers: deps.servers,
    wake: () => {
      if (!manual) void engine.pass().catch(() => undefined);
    },
  });
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => {
        if (!manual) engine.start();
      });
      app.addHook('onClose', async () => engine.stop());
      await metricsSourcePlugin(sources)(app);
    },
    collectDue: () => engine.collectDue(),
  };
}
