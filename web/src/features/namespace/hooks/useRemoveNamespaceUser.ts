import { namespaceRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { namespaceKey } from './useNamespaceList';

/** DELETE /namespace/removeUser {namespaceUserId}: one membership ends. */
export function useRemoveNamespaceUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (namespaceUserId: number) =>
      call(namespaceRoutes.removeNamespaceUser, { namespaceUserId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: namespaceKey }),
  });
}
