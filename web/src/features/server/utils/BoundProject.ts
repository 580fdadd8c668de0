import type { RouteOutput, serverRoutes } from '@ferry/contract/client';

/** One project bound to a server, as GET /server/getBindProjectList sends it. */
export type BoundProject = RouteOutput<typeof serverRoutes.getBindProjectList>['list'][number];
