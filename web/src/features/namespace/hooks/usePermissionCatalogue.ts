import { roleRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { groupPermissions } from '../utils/permissionTree';
import { roleKey } from './useRoleList';

/** GET /role/getPermissionList as groups of permissions; the catalogue changes only on upgrade. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: [...roleKey, 'permissionList'] as const,
    queryFn: ({ signal }) => call(roleRoutes.getPermissionList, {}, { silent: true, signal }),
    select: ({ list }) => groupPermissions(list),
    staleTime: Infinity,
  });
}
