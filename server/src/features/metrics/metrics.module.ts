import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { RemoteRunApi } from '../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import { createAgentPart } from './agent/agent.part.js';
import { collectorScript } from './collector/collector.js';
import { createMetricIngest } from './ingest/metric-ingest.js';
import type { MetricIngest } from './metrics-deps.js';
import { createMetricsPull } from './pull/metrics-pull.js';
import type { PullEngineOptions } from './pull/pull-engine.js';
import { createMetricsQuery } from './query/metrics-query.js';
import { createWarningRules, type RuleEngineOptions } from './rules/warning-rules.js';

export type { PullEngineOptions, RuleEngineOptions };

/** What the metrics feature offers the console (and its tests). */
export interface MetricsApi {
  /** The one write path of samples, pulled or reported. */
  ingest: MetricIngest;
  /** Evaluates the warning rules whose window is due now and waits for them (tests). */
  evaluateRules: () => Promise<void>;
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
    servers: Pick<ServerDirectory, 'visible' | 'usableIds' | 'access' | 'shown'>;
    notifications: Pick<NotificationApi, 'notify'>;
    rules?: RuleEngineOptions | undefined;
    remoteRuns: Pick<RemoteRunApi, 'start' | 'execOnServer'>;
    /** The collector the push agent runs; default the shipped `collect.sh`. */
    agentCollector?: (() => string) | undefined;
    pull?: PullEngineOptions | undefined;
  },
): FeatureModule<MetricsApi> {
  const ingest = createMetricIngest({ db: shared.db, clock: shared.clock, hub: deps.hub });
  const query = createMetricsQuery(shared, { servers: deps.servers });
  const rules = createWarningRules(shared, {
    servers: deps.servers,
    notifications: deps.notifications,
    engine: deps.rules,
  });
  const agent = createAgentPart(shared, {
    ingest,
    remoteRuns: deps.remoteRuns,
    servers: deps.servers,
    collector: deps.agentCollector ?? collectorScript,
  });
  const pull = createMetricsPull(shared, {
    ingest,
    servers: deps.servers,
    remoteRuns: deps.remoteRuns,
    engine: deps.pull,
  });
  return {
    plugin: async (app) => {
      await query.plugin(app);
      await rules.plugin(app);
      await agent(app);
      await pull.plugin(app);
    },
    api: {
      ingest,
      evaluateRules: rules.api.evaluateDue,
      collectDue: pull.collectDue,
    },
  };
}
