import { deployRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const publishLogKey = (token: string) => ['deploy', 'log', token] as const;

/** The output of a deploy so far (GET /deploy/getPublishLog); live lines follow over the hub. */
export function usePublishLog(token: string) {
  return useQuery({
    queryKey: publishLogKey(token),
    queryFn: ({ signal }) => call(deployRoutes.getPublishLog, { token }, { signal, silent: true }),
    staleTime: 0,
  });
}
