import type { logRoutes, RouteOutput } from '@ferry/contract/client';

/** One deploy as GET /log/getPublishLogList sends it. */
export type PublishLogRow = RouteOutput<typeof logRoutes.getPublishLogList>['list'][number];
