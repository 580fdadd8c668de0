import type { RouteOutput, userRoutes } from '@ferry/contract/client';
import type { Access } from './mayOpen';

type UserInfo = RouteOutput<typeof userRoutes.userInfo>;

/** The access the user info grants; nothing at all before it has loaded. */
export function accessOf(info: UserInfo | undefined): Access {
  return {
    permissionIds: info?.namespace.permissionIds ?? [],
    superManager: info?.userInfo.superManager === 1,
  };
}
