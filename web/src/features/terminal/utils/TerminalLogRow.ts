import type { logRoutes, RouteOutput } from '@ferry/contract/client';

/** One terminal session as GET /log/getTerminalLogList sends it. */
export type TerminalLogRow = RouteOutput<typeof logRoutes.getTerminalLogList>['list'][number];
