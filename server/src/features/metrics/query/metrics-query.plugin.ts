import { metricsRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../../core/http/bind-route.js';
import type { MetricsQueryService } from './metrics-query.service.js';

/** The reads of stored metrics: goploy's report, the agent page's charts, the list's cells. */
export function metricsQueryPlugin(metrics: MetricsQueryService) {
  return async (app: FastifyInstance) => {
    const r = metricsRoutes;
    bindRoute(app, r.report, ({ ctx, input }) => metrics.report(ctx, input));
    bindRoute(app, r.getMetrics, ({ ctx, input }) => metrics.chart(ctx, input));
    bindRoute(app, r.getMetricsSummary, ({ ctx, input }) => metrics.summary(ctx, input.ids));
  };
}
