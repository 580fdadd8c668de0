import type { logRoutes, RouteOutput } from '@ferry/contract/client';

/** One login attempt as GET /log/getLoginLogList sends it. */
export type LoginLogRow = RouteOutput<typeof logRoutes.getLoginLogList>['list'][number];

/** One recorded change as GET /log/getOperationLogList sends it. */
export type OperationLogRow = RouteOutput<typeof logRoutes.getOperationLogList>['list'][number];

/** One file manager action as GET /log/getSftpLogList sends it. */
export type SftpLogRow = RouteOutput<typeof logRoutes.getSftpLogList>['list'][number];
