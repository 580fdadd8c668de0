import { scriptRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** The key of every query of the run history, to refresh it when a run starts or ends. */
export const RUN_HISTORY_KEY = ['script', 'runs'] as const;

/** One page of the namespace's script runs, newest first; fetched while `enabled`. */
export function useRunHistory(page: number, rows: number, enabled: boolean) {
  return useQuery({
    queryKey: [...RUN_HISTORY_KEY, 'list', page, rows] as const,
    queryFn: ({ signal }) =>
      call(scriptRoutes.getScriptRunList, { page, rows }, { signal, silent: 'toast' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One run with its script and every server's output; re-read every 2 s while it runs. */
export function useRunDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...RUN_HISTORY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) =>
      call(scriptRoutes.getScriptRun, { id: id! }, { signal, silent: 'toast' }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 2000 : false),
  });
}
