import { Code, namespaceRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { namespaceKey } from './useNamespaceList';

/** PUT /namespace/edit {id, name}; a field error or a taken name is shown by the form. */
export function useEditNamespace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof namespaceRoutes.editNamespace>) =>
      call(namespaceRoutes.editNamespace, input, {
        silent: [Code.illegalParam, 'namespace_exists'],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: namespaceKey }),
  });
}
