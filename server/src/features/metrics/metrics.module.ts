import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import type { RemoteRunApi } from '../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import { createMetricIngest } from './ingest/metric-ingest.js';
import type { MetricIngest } from './metrics-deps.js';
import { createMetricsPull } from './pull/metrics-pull.js';
import type { PullEngineOptions } from './pull/pull-engine.js';

export type { PullEngineOptions };

/** What the metrics feature offers the console (and its tests). */
export interface MetricsApi {
  /** The one write path of samples, pulled or reported. */
  ingest: MetricIngest;
  /** Collects the pull sources due now and waits for them (tests; a ticker does it every second). */
  collectDue: () => Promise<void>;
}

/**
 * Server metrics (`/server/agent`): the samples' one write path, the pull collection, the push
 * agent and its signed reports, the charts' queries, the warning rules and the pruning.
 */
export function createMetricsModule(
  shared: SharedDeps,
  deps: {
    hub: Pick<Hub, 'publishTopic'>;
    servers: Pick<ServerDirectory, 'visible'>;
    remoteRuns: Pick<RemoteRunApi, 'execOnServer'>;
    pull?: PullEngineOptions | undefined;
  },
): FeatureModule<MetricsApi> {
  const ingest = createMetricIngest({ db: shared.db, clock: shared.clock, hub: deps.hub });
  const pull = createMetricsPull(shared, {
    ingest,
    servers: deps.servers,
    remoteRuns: deps.remoteRuns,
    engine: deps.pull,
  });
  return {
    plugin: async (app) => {
      await pull.plugin(app);
    },
    api: { ingest, collectDue: pull.collectDue },
  };
}
