import type { metricsSourceRoutes, MetricsSourceRow, RouteParsed } from '@ferry/contract';
import type { Clock } from '../../../core/clock.js';
import { invalid } from '../../../core/errors.js';
import type { RequestContext } from '../../../core/http/context.js';
import type { ServerDirectory } from '../../server/server.api.js';
import { presentMetricsSource } from './metrics-source.presenter.js';
import type { MetricSourceRepository } from './metrics-source.repository.js';

type EditInput = RouteParsed<typeof metricsSourceRoutes.editMetricsSource>;

/** How a server's metrics are collected: read and chosen by the caller's namespace. */
export function createMetricsSourceService(deps: {
  repo: MetricSourceRepository;
  clock: Clock;
  servers: Pick<ServerDirectory, 'visible'>;
  /** Asks the engine for a pass (a server set to pull is collected within a tick). */
  wake: () => void;
}) {
  const { repo, servers } = deps;
  return {
    async get(ctx: RequestContext, serverId: number): Promise<MetricsSourceRow> {
      // SECURITY: another namespace's server answers code 1 as a missing one.
      await servers.visible(ctx, serverId);
      return presentMetricsSource(serverId, await repo.get(serverId));
    },

    async edit(ctx: RequestContext, input: EditInput): Promise<void> {
      await servers.visible(ctx, input.serverId);
      // The agent reports at the interval it was installed with until it is uninstalled.
      if ((await repo.get(input.serverId))?.mode === 'push') {
        throw invalid('mode', 'cannot change while the agent reports: uninstall it first');
      }
      await repo.edit(
        input.serverId,
        { mode: input.mode, interval_s: input.interval },
        deps.clock.now(),
      );
      if (input.mode === 'pull') deps.wake();
    },
  };
}

export type MetricsSourceService = ReturnType<typeof createMetricsSourceService>;
