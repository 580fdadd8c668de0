import { HubType, Perm, type ServerMetricsMessage } from '@ferry/contract';
import type { Clock } from '../../../core/clock.js';
import type { Hub, Audience } from '../../../core/ws/hub.js';
import type { Db } from '../../../db/database.js';
import type { MetricIngest } from '../metrics-deps.js';
import { markCollected, storeSamples } from './metric-store.js';

/** The hub topic of a server's metrics: the agent page subscribes to it while open. */
export const metricsTopic = (serverId: number) => `metrics:${serverId}`;

const audience: Audience = { permissions: [Perm.ShowServerMonitorPage] };

/**
 * The one write path of samples (see `MetricIngest`): stores them, records the collection's
 * state, then tells the watchers of the server's topic who may see its metrics (the members of
 * its namespace, or of any namespace for a shared server, who hold ShowServerMonitorPage).
 */
export function createMetricIngest(deps: {
  db: Db;
  clock: Clock;
  hub: Pick<Hub, 'publishTopic'>;
}): MetricIngest {
  const { db, clock, hub } = deps;

  const tell = async (message: ServerMetricsMessage) => {
    const server = await db
      .selectFrom('server')
      .select('namespace_id')
      .where('id', '=', message.serverId)
      .executeTakeFirst();
    if (!server) return;
    const namespace = server.namespace_id === 0 ? 'any' : server.namespace_id;
    hub.publishTopic(
      namespace,
      metricsTopic(message.serverId),
      { type: HubType.serverMetrics, message },
      audience,
    );
  };

  return {
    async record(serverId, time, samples) {
      const stored = await storeSamples(db, serverId, time, samples);
      await markCollected(db, serverId, { time }, clock.now());
      if (stored.length > 0)
        await tell({ serverId, time, samples: stored, state: 'ok', error: '' });
    },
    async unreachable(serverId, time, error) {
      await markCollected(db, serverId, { time, error }, clock.now());
      await tell({ serverId, time: 0, samples: [], state: 'unreachable', error });
    },
  };
}
