import type { namespaceRoutes, roleRoutes, RouteOutput } from '@ferry/contract/client';

export type Namespace = RouteOutput<typeof namespaceRoutes.getNamespaceList>['list'][number];
export type NamespaceMember = RouteOutput<
  typeof namespaceRoutes.getNamespaceBindUserList
>['list'][number];
export type Role = RouteOutput<typeof roleRoutes.getRoleList>['list'][number];

/** The role id of a super manager's membership: every permission, no role row. */
export const SUPER_MANAGER_ROLE_ID = 0;
