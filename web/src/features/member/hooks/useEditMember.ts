import { Code, userRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { userInfoQuery } from '../../../auth/userInfoQuery';
import { membersKey } from './useMembers';

/** PUT /user/edit; field errors are shown on the form. Editing yourself refreshes your info. */
export function useEditMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof userRoutes.editUser>) =>
      call(userRoutes.editUser, input, { silent: [Code.illegalParam] }),
    onSuccess: async (_, input) => {
      const self = queryClient.getQueryData(userInfoQuery.queryKey)?.userInfo.id;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey }),
        input.id === self
          ? queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey })
          : undefined,
      ]);
    },
  });
}
