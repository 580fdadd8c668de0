import type { RouteOutput, userRoutes } from '@ferry/contract/client';

type UserInfo = RouteOutput<typeof userRoutes.userInfo>;

/** Whether GET /user/info answered with the user and the namespace's permissions. */
export function hasUserData(info: unknown): info is UserInfo {
  const data = info as Partial<UserInfo> | null | undefined;
  return (
    typeof data?.userInfo?.id === 'number' &&
    data.userInfo.id > 0 &&
    Array.isArray(data.namespace?.permissionIds)
  );
}
