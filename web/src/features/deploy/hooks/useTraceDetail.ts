import { deployRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** The full output of one trace row (GET /deploy/getPublishTraceDetail), asked when shown. */
export function useTraceDetail(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['deploy', 'traceDetail', id] as const,
    queryFn: ({ signal }) =>
      call(deployRoutes.getPublishTraceDetail, { id }, { signal, silent: true }),
    select: (data) => data.detail,
    enabled,
  });
}
