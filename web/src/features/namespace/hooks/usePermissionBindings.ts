import { roleRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { roleKey } from './useRoleList';

/** GET /role/getPermissionBindings: the permission ids a role holds (group ids included). */
export function usePermissionBindings(roleId: number) {
  return useQuery({
    queryKey: [...roleKey, 'bindings', roleId] as const,
    queryFn: ({ signal }) =>
      call(roleRoutes.getPermissionBindings, { roleId }, { silent: true, signal }),
    select: ({ list }) => list.map((b) => b.permissionId),
    // Always the stored state when the editor opens, never an earlier copy.
    staleTime: 0,
  });
}
