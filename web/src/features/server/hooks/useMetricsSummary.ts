import { metricsRoutes, Perm } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { usePermission } from '../../../auth/usePermission';

/** The list's cells are read again every minute while the page is visible. */
const SUMMARY_REFRESH_MS = 60_000;

/** The latest CPU, RAM and fullest disk of the servers shown, by server id (the usage column). */
export function useMetricsSummary(ids: readonly number[]) {
  const allowed = usePermission([Perm.ShowServerMonitorPage]);
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['metrics', 'summary', sorted] as const,
    queryFn: ({ signal }) =>
      call(metricsRoutes.getMetricsSummary, { ids: sorted }, { signal, silent: true }),
    select: (data) => new Map(data.list.map((row) => [row.serverId, row])),
    enabled: allowed && sorted.length > 0,
    refetchInterval: SUMMARY_REFRESH_MS,
    staleTime: 30_000,
  });
}
