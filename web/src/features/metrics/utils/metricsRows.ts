import type {
  metricsRoutes,
  metricsSourceRoutes,
  RouteOutput,
  warningRuleRoutes,
} from '@ferry/contract/client';

/** A server's cell in the server list (GET /server/getMetricsSummary). */
export type MetricSummary = RouteOutput<typeof metricsRoutes.getMetricsSummary>['list'][number];

/** How a server's metrics are collected (GET /server/getMetricsSource). */
export type MetricsSourceRow = RouteOutput<typeof metricsSourceRoutes.getMetricsSource>;

/** A warning rule with its evaluation's state (GET /server/getAllMonitor). */
export type WarningRule = RouteOutput<typeof warningRuleRoutes.getAllMonitor>['list'][number];
