import type { monitorRoutes, RouteOutput } from '@ferry/contract/client';

/** One bucket of the response-time chart. */
export type MonitorCheckPoint = RouteOutput<typeof monitorRoutes.getChecks>['points'][number];

/** The chart of one range. */
export type MonitorChecks = RouteOutput<typeof monitorRoutes.getChecks>;

/** One outage of a monitor. */
export type MonitorIncident = RouteOutput<typeof monitorRoutes.getIncidents>['list'][number];
