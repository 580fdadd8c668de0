import { userRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { membersKey } from './useMembers';

/** DELETE /user/remove: disables the member (the row and its history stay on the server). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(userRoutes.removeUser, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
