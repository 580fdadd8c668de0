import type { processExecRoutes, RouteOutput, scriptRoutes } from '@ferry/contract/client';

/** One recorded run with its script and every server's output (GET /server/getScriptRun). */
export type RunDetail = RouteOutput<typeof scriptRoutes.getScriptRun>;

/** A page of a run history (GET /server/getScriptRunList and its kin). */
export type RunList = RouteOutput<typeof scriptRoutes.getScriptRunList>;

/** A server process run, with the group and button that ran (GET /server/getProcessRun). */
export type ProcessRunDetail = RouteOutput<typeof processExecRoutes.getProcessRun>;
