import type { RouteOutput, systemRoutes } from '@ferry/contract/client';

/** One console as GET /system/getConsoleList sends it. */
export type ConsoleRow = RouteOutput<typeof systemRoutes.getConsoleList>['list'][number];

/** One job a console runs now. */
export type RunningJob = ConsoleRow['running'][number];
