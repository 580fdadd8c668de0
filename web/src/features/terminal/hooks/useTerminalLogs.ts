import { logRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export interface TerminalLogFilter {
  username: string;
  serverName: string;
}

/** One page of terminal sessions; the last page stays on screen while the next one loads. */
export function useTerminalLogs(query: TerminalLogFilter & { page: number; rows: number }) {
  return useQuery({
    queryKey: ['log', 'terminalLog', 'list', query] as const,
    queryFn: ({ signal }) => call(logRoutes.getTerminalLogList, query, { signal, silent: 'toast' }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
  });
}

/** How many terminal sessions match the filter. */
export function useTerminalLogTotal(filter: TerminalLogFilter) {
  return useQuery({
    queryKey: ['log', 'terminalLog', 'total', filter] as const,
    queryFn: ({ signal }) =>
      call(logRoutes.getTerminalLogTotal, filter, { signal, silent: 'toast' }),
    select: (data) => data.total,
    placeholderData: keepPreviousData,
  });
}
