import { cronRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { cronJobsKey } from './cronKeys';

/** Runs are read from the server about once a minute: the list follows as often. */
const JOBS_REFRESH_MS = 60_000;

/** The server's jobs with their last run, and the state of Ferry's block in its crontab. */
export function useCronJobs(serverId: number) {
  return useQuery({
    queryKey: cronJobsKey(serverId),
    queryFn: ({ signal }) => call(cronRoutes.getList, { serverId }, { signal, silent: 'toast' }),
    refetchInterval: JOBS_REFRESH_MS,
  });
}
