import { userRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { namespaceKey } from './useNamespaceList';

/**
 * The users that can be given a role: GET /user/getList without super managers (they belong to
 * every namespace and the server refuses them a role) and without disabled accounts. The call
 * needs ShowMemberPage; a refusal is shown by the dialog, not toasted.
 */
export function useUserPicker() {
  return useQuery({
    queryKey: [...namespaceKey, 'userPicker'] as const,
    queryFn: ({ signal }) => call(userRoutes.getUserList, {}, { silent: true, signal }),
    select: ({ list }) => list.filter((u) => u.superManager !== 1 && u.state === 1),
  });
}
