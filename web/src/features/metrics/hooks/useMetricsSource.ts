import { Code, metricsSourceRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { metricsKey } from './metricsKeys';

/** How the server's metrics are collected, its state and the agent's install state. */
export function useMetricsSource(serverId: number) {
  return useQuery({
    queryKey: [...metricsKey(serverId), 'source'] as const,
    queryFn: ({ signal }) =>
      call(metricsSourceRoutes.getMetricsSource, { serverId }, { signal, silent: 'toast' }),
    staleTime: 10_000,
  });
}

/** PUT /server/editMetricsSource: pull or off, and the interval; a refused field stays on the form. */
export function useEditMetricsSource(serverId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof metricsSourceRoutes.editMetricsSource>) =>
      call(metricsSourceRoutes.editMetricsSource, input, { silent: [Code.illegalParam] }),
    onSuccess: () => client.invalidateQueries({ queryKey: metricsKey(serverId) }),
  });
}
