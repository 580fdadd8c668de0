import type { FeaturePlugin, SharedDeps } from '../../../core/module.js';
import type { Ticker } from '../../../infra/jobs/ticker.js';
import { scheduleSharedPruning } from '../../../infra/retention/retention.js';
import type { ServerDirectory } from '../../server/server.api.js';
import { metricsQueryPlugin } from './metrics-query.plugin.js';
import { createMetricsQueryRepository } from './metrics-query.repository.js';
import { createMetricsQueryService } from './metrics-query.service.js';
import { pruneMetrics } from './prune.js';

/**
 * The reading side of server metrics, for the metrics module: the routes (goploy's report, the
 * agent page's charts, the server list's cells) and the pruning of samples, roll-ups and agent
 * report signatures past their retention, at start and hourly while the app runs.
 */
export function createMetricsQuery(
  shared: Pick<SharedDeps, 'db' | 'clock' | 'config' | 'log'>,
  deps: { servers: Pick<ServerDirectory, 'visible' | 'usableIds'> },
) {
  const { db, clock } = shared;
  const service = createMetricsQueryService({
    repo: createMetricsQueryRepository(db),
    clock,
    servers: deps.servers,
  });
  const prune = () => pruneMetrics(db, shared.config.retention.metrics, clock.now());
  let pruning: Ticker | undefined;
  const plugin: FeaturePlugin = async (app) => {
    app.addHook('onReady', async () => {
      pruning = scheduleSharedPruning(
        shared,
        'prune-server-metrics',
        prune,
        'pruning server metrics',
      );
    });
    app.addHook('onClose', async () => {
      await pruning?.stop();
    });
    await metricsQueryPlugin(service)(app);
  };
  return { plugin, prune };
}
