import type { RouteInput, RouteOutput, monitorRoutes } from '@ferry/contract/client';

/** One monitor as GET /monitor/getList sends it, with its live state and uptime. */
export type MonitorRow = RouteOutput<typeof monitorRoutes.getList>['list'][number];

/** What POST /monitor/add takes; edit takes the same plus the id. */
export type MonitorInput = RouteInput<typeof monitorRoutes.add>;

/** What POST /monitor/check ("Test") takes, and what it answers (passing or failing alike). */
export type CheckInput = RouteInput<typeof monitorRoutes.check>;
export type CheckAnswer = RouteOutput<typeof monitorRoutes.check>;

/** One monitor's sparkline: `[time, latencyMs]`, null where every check of the minute failed. */
export type SparkPoint = readonly [string, number | null];
