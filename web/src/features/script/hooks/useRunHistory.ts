import { processExecRoutes, scriptRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { ProcessRunDetail, RunDetail, RunList } from '../utils/RunDetail';

/** Where a page's run history comes from: its routes, and the key its queries share. */
export interface RunHistorySource<D extends RunDetail = RunDetail> {
  /** The key of every query of this history, to refresh it when a run starts or ends. */
  key: readonly string[];
  list: (page: number, rows: number, signal: AbortSignal) => Promise<RunList>;
  detail: (id: number, signal: AbortSignal) => Promise<D>;
}

/** The batch script runs of the namespace (the script page). */
export const scriptRunHistory: RunHistorySource = {
  key: ['script', 'runs'],
  list: (page, rows, signal) =>
    call(scriptRoutes.getScriptRunList, { page, rows }, { signal, silent: 'toast' }),
  detail: (id, signal) => call(scriptRoutes.getScriptRun, { id }, { signal, silent: 'toast' }),
};

/** The server process runs of the namespace (the process page), each with what ran. */
export const processRunHistory: RunHistorySource<ProcessRunDetail> = {
  key: ['process', 'runs'],
  list: (page, rows, signal) =>
    call(processExecRoutes.getProcessRunList, { page, rows }, { signal, silent: 'toast' }),
  detail: (id, signal) =>
    call(processExecRoutes.getProcessRun, { id }, { signal, silent: 'toast' }),
};

/** One page of a history's runs, newest first; fetched while `enabled`. */
export function useRunHistory(
  source: RunHistorySource<RunDetail>,
  page: number,
  rows: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...source.key, 'list', page, rows] as const,
    queryFn: ({ signal }) => source.list(page, rows, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One run with its script and every server's output; re-read every 2 s while it runs. */
export function useRunDetail<D extends RunDetail>(
  source: RunHistorySource<D>,
  id: number | undefined,
) {
  return useQuery({
    queryKey: [...source.key, 'detail', id] as const,
    queryFn: ({ signal }) => source.detail(id!, signal),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 2000 : false),
  });
}
