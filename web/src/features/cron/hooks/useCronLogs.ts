import { cronRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { PageState } from '../../../ui/useBrowserPagination';
import { cronLogsKey } from './cronKeys';

/** A job's runs waiting for the minute's run: read again this often while the drawer is open. */
const LOGS_REFRESH_MS = 15_000;

/** One page of a job's runs, newest first, after the server's new run records were read. */
export function useCronLogs(serverId: number, cronId: number, page: PageState) {
  return useQuery({
    queryKey: [...cronLogsKey(serverId, cronId), page.current, page.pageSize],
    queryFn: ({ signal }) =>
      call(
        cronRoutes.getLogs,
        { serverId, cronId, page: page.current, rows: page.pageSize },
        { signal, silent: 'toast' },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: LOGS_REFRESH_MS,
  });
}
