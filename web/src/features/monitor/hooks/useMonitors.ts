import { HubType, monitorRoutes } from '@ferry/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../api/call';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { applyState, asStateMessage } from '../utils/liveState';
import type { MonitorRow, SparkPoint } from '../utils/MonitorRow';

export const monitorsKey = ['monitor', 'list'] as const;
export const sparklinesKey = ['monitor', 'sparklines'] as const;

/** Uptime, latency and the sparklines are read again this often; states arrive live. */
export const REFRESH_MS = 60_000;
/** After a state change, the uptime and sparklines are read again this much later at most. */
const AFTER_CHANGE_MS = 3_000;

/**
 * The namespace's monitors (GET /monitor/getList), kept live: a state change (hub frame 15)
 * updates its row at once, and soon after the uptime and sparklines are read again.
 */
export function useMonitors() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const query = useQuery({
    queryKey: monitorsKey,
    queryFn: ({ signal }) => call(monitorRoutes.getList, {}, { signal, silent: 'toast' }),
    select: (data) => data.list,
    refetchInterval: REFRESH_MS,
  });
  useHubFrame(HubType.monitorState, (raw) => {
    const message = asStateMessage(raw);
    if (!message) return;
    queryClient.setQueryData<{ list: MonitorRow[] }>(monitorsKey, (old) =>
      old ? { list: [...applyState(old.list, message)] } : old,
    );
    // Several changes close together ask once.
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['monitor'] });
    }, AFTER_CHANGE_MS);
  });
  return query;
}

/** The last hour of each listed monitor (GET /monitor/getSparklines), by id. */
export function useSparklines(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...sparklinesKey, sorted.join(',')],
    queryFn: ({ signal }) =>
      call(monitorRoutes.getSparklines, { ids: sorted }, { signal, silent: true }),
    select: (data) =>
      new Map<number, readonly SparkPoint[]>(data.list.map((l) => [l.id, l.points])),
    enabled: sorted.length > 0,
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}
