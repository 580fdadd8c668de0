import { roleRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { roleKey } from './useRoleList';

/** PUT /role/changePermission {roleId, permissionIds}: replaces the role's permissions. */
export function useChangePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof roleRoutes.changePermission>) =>
      call(roleRoutes.changePermission, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKey }),
  });
}
