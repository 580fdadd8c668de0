import type { RouteOutput, userRoutes } from '@ferry/contract/client';

/** One member as GET /user/getList sends it. */
export type MemberRow = RouteOutput<typeof userRoutes.getUserList>['list'][number];
