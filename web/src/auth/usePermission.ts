import { hasPermission } from './hasPermission';
import { useUserInfo } from './useUserInfo';

/** Whether the user holds any one of `anyOf` in the current namespace. */
export function usePermission(anyOf: readonly number[]): boolean {
  return hasPermission(useUserInfo()?.namespace.permissionIds, anyOf);
}
