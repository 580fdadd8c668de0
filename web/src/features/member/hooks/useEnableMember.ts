import { userRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { membersKey } from './useMembers';

/** PUT /user/enable: a disabled member may log in again, with the memberships they had. */
export function useEnableMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(userRoutes.enableUser, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
