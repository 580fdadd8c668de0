import { userRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const membersKey = ['member', 'list'] as const;

/** Every enabled member (GET /user/getList); the server sends the whole list at once. */
export function useMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: ({ signal }) => call(userRoutes.getUserList, {}, { signal }),
    select: (data) => data.list,
  });
}
