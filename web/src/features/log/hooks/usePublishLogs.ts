import { logRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export interface PublishLogFilter {
  username: string;
  projectName: string;
}

/** One page of deploys; the last page stays on screen while the next one loads. */
export function usePublishLogs(query: PublishLogFilter & { page: number; rows: number }) {
  return useQuery({
    queryKey: ['log', 'publishLog', 'list', query] as const,
    queryFn: ({ signal }) => call(logRoutes.getPublishLogList, query, { signal }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
  });
}

/** How many deploys match the filter. */
export function usePublishLogTotal(filter: PublishLogFilter) {
  return useQuery({
    queryKey: ['log', 'publishLog', 'total', filter] as const,
    queryFn: ({ signal }) => call(logRoutes.getPublishLogTotal, filter, { signal }),
    select: (data) => data.total,
    placeholderData: keepPreviousData,
  });
}
