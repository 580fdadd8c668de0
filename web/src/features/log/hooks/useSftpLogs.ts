import { logRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { SftpLogType } from '@ferry/contract/client';

export interface SftpLogFilter {
  username: string;
  serverName: string;
  type: SftpLogType | undefined;
}

/** The filter as the routes take it: blanks left out. */
const input = (f: SftpLogFilter) => ({
  username: f.username || undefined,
  serverName: f.serverName || undefined,
  type: f.type,
});

/** One page of file manager actions; the last page stays on screen while the next one loads. */
export function useSftpLogs(query: SftpLogFilter & { page: number; rows: number }) {
  return useQuery({
    queryKey: ['log', 'sftpLog', 'list', query] as const,
    queryFn: ({ signal }) =>
      call(
        logRoutes.getSftpLogList,
        { ...input(query), page: query.page, rows: query.rows },
        { signal, silent: 'toast' },
      ),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
  });
}

/** How many file manager actions match the filter. */
export function useSftpLogTotal(filter: SftpLogFilter) {
  return useQuery({
    queryKey: ['log', 'sftpLog', 'total', filter] as const,
    queryFn: ({ signal }) =>
      call(logRoutes.getSftpLogTotal, input(filter), { signal, silent: 'toast' }),
    select: (data) => data.total,
    placeholderData: keepPreviousData,
  });
}
