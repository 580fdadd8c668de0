import { HubType, monitorRoutes, type MonitorRange } from '@ferry/contract/client';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../api/call';
import { useHubFrame } from '../../../api/hub/useHubFrame';

/** Incidents per page of the timeline. */
export const INCIDENT_ROWS = 10;

/** Every query of one monitor's detail (its chart ranges and incidents). */
const detailKey = (id: number) => ['monitor', 'detail', id] as const;

/** The response-time chart of one range; the last range stays shown while the next loads. */
export function useMonitorChecks(id: number, range: MonitorRange) {
  return useQuery({
    queryKey: [...detailKey(id), 'checks', range] as const,
    queryFn: ({ signal }) =>
      call(monitorRoutes.getChecks, { id, range }, { signal, silent: 'toast' }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** A monitor's incidents, newest first, a page more at each "load more". */
export function useMonitorIncidents(id: number) {
  return useInfiniteQuery({
    queryKey: [...detailKey(id), 'incidents'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        monitorRoutes.getIncidents,
        { id, page: pageParam, rows: INCIDENT_ROWS },
        { signal, silent: 'toast' },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page * last.pagination.rows < last.pagination.total
        ? last.pagination.page + 1
        : undefined,
    staleTime: 10_000,
  });
}

/**
 * Reloads the chart and the incidents when the monitor's state changes (hub frame 15): an
 * outage opened or closed, so the timeline and the red areas move. No polling.
 */
export function useDetailRefresh(id: number) {
  const client = useQueryClient();
  useHubFrame(HubType.monitorState, (message) => {
    const monitorId = (message as { monitorId?: unknown } | null)?.monitorId;
    if (monitorId === id) void client.invalidateQueries({ queryKey: detailKey(id) });
  });
}
