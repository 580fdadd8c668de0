import { deployRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { isFinished } from '../utils/progressView';

/** How often a deploy is asked about while no live frame has come for it. */
const POLL_MS = 5_000;

/**
 * Where a deploy stands (GET /deploy/getPublishProgress), asked until it ends. Used until the hub
 * sends a frame for it: a deploy that waits in the queue may stay quiet for a while.
 */
export function usePublishProgress(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['deploy', 'progress', token] as const,
    queryFn: ({ signal }) =>
      call(deployRoutes.getPublishProgress, { lastPublishToken: token }, { signal, silent: true }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : POLL_MS),
  });
}
