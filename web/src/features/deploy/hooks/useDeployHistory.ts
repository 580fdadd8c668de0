import { deployRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { PreviewQuery } from '../utils/DeployRow';

/** One page of a project's deploy history, newest first; the last page stays while the next loads. */
export function useDeployHistory(query: PreviewQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['deploy', 'history', query] as const,
    queryFn: ({ signal }) => call(deployRoutes.getPreview, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}
