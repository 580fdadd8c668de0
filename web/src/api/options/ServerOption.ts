import type { RouteOutput, serverRoutes } from '@ferry/contract/client';

/** A server a terminal may be opened on (GET /server/getOption). */
export type ServerOption = RouteOutput<typeof serverRoutes.getOption>['list'][number];
