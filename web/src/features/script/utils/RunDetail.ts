import type { RouteOutput, scriptRoutes } from '@ferry/contract/client';

/** One recorded run with its script and every server's output (GET /server/getScriptRun). */
export type RunDetail = RouteOutput<typeof scriptRoutes.getScriptRun>;
