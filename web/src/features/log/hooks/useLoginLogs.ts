import { logRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export interface LoginLogQuery {
  account: string;
  page: number;
  rows: number;
}

/** One page of login attempts; the last page stays on screen while the next one loads. */
export function useLoginLogs(query: LoginLogQuery) {
  return useQuery({
    queryKey: ['log', 'loginLog', 'list', query] as const,
    queryFn: ({ signal }) => call(logRoutes.getLoginLogList, query, { signal, silent: 'toast' }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
  });
}

/** How many login attempts match the filter. */
export function useLoginLogTotal(account: string) {
  return useQuery({
    queryKey: ['log', 'loginLog', 'total', { account }] as const,
    queryFn: ({ signal }) =>
      call(logRoutes.getLoginLogTotal, { account }, { signal, silent: 'toast' }),
    select: (data) => data.total,
    placeholderData: keepPreviousData,
  });
}
