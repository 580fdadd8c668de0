import { logRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export interface OperationLogFilter {
  username: string;
  router: string;
  api: string;
}

/** One page of recorded changes; the last page stays on screen while the next one loads. */
export function useOperationLogs(query: OperationLogFilter & { page: number; rows: number }) {
  return useQuery({
    queryKey: ['log', 'operationLog', 'list', query] as const,
    queryFn: ({ signal }) =>
      call(logRoutes.getOperationLogList, query, { signal, silent: 'toast' }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
  });
}

/** How many recorded changes match the filter. */
export function useOperationLogTotal(filter: OperationLogFilter) {
  return useQuery({
    queryKey: ['log', 'operationLog', 'total', filter] as const,
    queryFn: ({ signal }) =>
      call(logRoutes.getOperationLogTotal, filter, { signal, silent: 'toast' }),
    select: (data) => data.total,
    placeholderData: keepPreviousData,
  });
}
