import { metricsSourceRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../../core/http/bind-route.js';
import type { MetricsSourceService } from './metrics-source.service.js';

export function metricsSourcePlugin(sources: MetricsSourceService) {
  return async (app: FastifyInstance) => {
    const r = metricsSourceRoutes;
    bindRoute(app, r.getMetricsSource, ({ ctx, input }) => sources.get(ctx, input.serverId));
    bindRoute(app, r.editMetricsSource, ({ ctx, input }) =>
      sources.edit(ctx, input).then(() => null),
    );
  };
}
