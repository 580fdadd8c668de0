import type { RouteInput, RouteOutput, serverRoutes } from '@ferry/contract/client';

/** One server as GET /server/getList sends it (its secrets are never included). */
export type ServerRow = RouteOutput<typeof serverRoutes.getList>['list'][number];

/** What POST /server/add takes; edit takes the same plus the id. */
export type ServerInput = RouteInput<typeof serverRoutes.add>;

/** What POST /server/check takes: a connection, with the id of a stored server when editing. */
export type CheckInput = RouteInput<typeof serverRoutes.check>;

/** What a successful connection test learned. */
export type CheckResult = RouteOutput<typeof serverRoutes.check>;
