import { Code, namespaceRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { namespaceKey } from './useNamespaceList';

/** POST /namespace/addUser {namespaceId, userIds, roleId}: members join, or take the new role. */
export function useAddNamespaceUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof namespaceRoutes.addNamespaceUser>) =>
      call(namespaceRoutes.addNamespaceUser, input, { silent: [Code.illegalParam] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: namespaceKey }),
  });
}
