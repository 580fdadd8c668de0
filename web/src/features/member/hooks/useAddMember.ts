import { Code, userRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { membersKey } from './useMembers';

/** POST /user/add; a taken account and field errors are shown on the form. */
export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof userRoutes.addUser>) =>
      call(userRoutes.addUser, input, { silent: [Code.illegalParam, 'account_exists'] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
