import { serverRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const serversKey = ['server', 'list'] as const;

/**
 * The servers of the namespace and the shared ones, enabled or not (GET /server/getList); the
 * server sends the whole list at once and the page filters it.
 */
export function useServers() {
  return useQuery({
    queryKey: serversKey,
    queryFn: ({ signal }) => call(serverRoutes.getList, {}, { signal, silent: 'toast' }),
    select: (data) => data.list,
  });
}
