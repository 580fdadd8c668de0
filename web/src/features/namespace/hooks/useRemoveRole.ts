import { roleRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { roleKey } from './useRoleList';

/**
 * DELETE /role/remove {id}. A role members still hold is refused ('role_in_use'); `call` toasts
 * the reason.
 */
export function useRemoveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(roleRoutes.removeRole, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKey }),
  });
}
