import { namespaceRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { namespaceKey } from './useNamespaceList';

export const namespaceMembersKey = (id: number) => [...namespaceKey, 'members', id] as const;

/** GET /namespace/getBindUserList: the members of one namespace with their roles. */
export function useNamespaceMembers(id: number) {
  return useQuery({
    queryKey: namespaceMembersKey(id),
    queryFn: ({ signal }) =>
      call(namespaceRoutes.getNamespaceBindUserList, { id }, { silent: true, signal }),
  });
}
