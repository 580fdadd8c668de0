import { Code, roleRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { namespaceKey } from './useNamespaceList';
import { roleKey } from './useRoleList';

/** PUT /role/edit {id, name, description}; member lists show role names, so they refresh too. */
export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof roleRoutes.editRole>) =>
      call(roleRoutes.editRole, input, { silent: [Code.illegalParam, 'role_exists'] }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKey }),
        queryClient.invalidateQueries({ queryKey: namespaceKey }),
      ]),
  });
}
