import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import { createMetricIngest } from './ingest/metric-ingest.js';
import type { MetricIngest } from './metrics-deps.js';

/** What the metrics feature offers the console (and its tests). */
export interface MetricsApi {
  /** The one write path of samples, pulled or reported. */
  ingest: MetricIngest;
}

/**
 * Server metrics (`/server/agent`): the samples' one write path, the pull collection, the push
 * agent and its signed reports, the charts' queries, the warning rules and the pruning.
 */
export function createMetricsModule(
  shared: SharedDeps,
  deps: { hub: Pick<Hub, 'publishTopic'> },
): FeatureModule<MetricsApi> {
  const ingest = createMetricIngest({ db: shared.db, clock: shared.clock, hub: deps.hub });
  return { api: { ingest } };
}
