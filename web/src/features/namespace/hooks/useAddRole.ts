import { Code, roleRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { roleKey } from './useRoleList';

/** POST /role/add {name, description}; a field error or a taken name is shown by the form. */
export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof roleRoutes.addRole>) =>
      call(roleRoutes.addRole, input, { silent: [Code.illegalParam, 'role_exists'] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKey }),
  });
}
