import { deployRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const publishTraceKey = (token: string) => ['deploy', 'trace', token] as const;

/** The trace rows of a deploy, one per stage and server (GET /deploy/getPublishTrace). */
export function usePublishTrace(token: string, enabled: boolean) {
  return useQuery({
    queryKey: publishTraceKey(token),
    queryFn: ({ signal }) =>
      call(deployRoutes.getPublishTrace, { lastPublishToken: token }, { signal, silent: true }),
    select: (data) => data.list,
    enabled,
    staleTime: 0,
  });
}
