import { userRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { MemberState } from '../utils/MemberState';

export const membersKey = ['member', 'list'] as const;

/** The members in `state` (GET /user/getList); the server sends the whole list at once. */
export function useMembers(state: MemberState = 'enabled') {
  return useQuery({
    queryKey: [...membersKey, state],
    queryFn: ({ signal }) => call(userRoutes.getUserList, { state }, { signal, silent: 'toast' }),
    select: (data) => data.list,
  });
}
