import { HubType, metricsRoutes, Perm } from '@ferry/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { call } from '../../../api/call';
import { watchHubToken } from '../../../api/hub/hubSubscriptions';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { usePermission } from '../../../auth/usePermission';
import { asMetricsMessage, metricsTopic } from '../../metrics';

/** The list's cells are read again every minute while the page is visible… */
const SUMMARY_REFRESH_MS = 60_000;
/**
 * …and at once when a shown server reports, at most this often however many report; the first
 * servers shown are watched (a socket holds 100 subscriptions), the others wait for the minute.
 */
const LIVE_REFRESH_MS = 2_000;
const LIVE_SERVERS = 50;

/** The latest CPU, RAM and fullest disk of the servers shown, by server id (the usage column). */
export function useMetricsSummary(ids: readonly number[]) {
  const allowed = usePermission([Perm.ShowServerMonitorPage]);
  const sorted = useMemo(() => [...ids].sort((a, b) => a - b), [ids]);
  const queryKey = useMemo(() => ['metrics', 'summary', sorted] as const, [sorted]);
  const enabled = allowed && sorted.length > 0;
  useLiveRefresh(enabled ? sorted.slice(0, LIVE_SERVERS) : [], queryKey);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      call(metricsRoutes.getMetricsSummary, { ids: sorted }, { signal, silent: true }),
    select: (data) => new Map(data.list.map((row) => [row.serverId, row])),
    enabled,
    refetchInterval: SUMMARY_REFRESH_MS,
    staleTime: 30_000,
  });
}

/** Reads `queryKey` again when one of `watched` reports (hub frame 16), at most every 2 s. */
function useLiveRefresh(watched: readonly number[], queryKey: readonly unknown[]) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const due = useRef(false);
  const topics = watched.map(metricsTopic).join(' ');
  useEffect(() => {
    const stops = topics ? topics.split(' ').map(watchHubToken) : [];
    return () => stops.forEach((stop) => stop());
  }, [topics]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useHubFrame(HubType.serverMetrics, (raw) => {
    const message = asMetricsMessage(raw);
    if (!message || !watched.includes(message.serverId)) return;
    const refresh = () => void client.invalidateQueries({ queryKey, exact: true });
    if (timer.current !== undefined) {
      due.current = true;
      return;
    }
    refresh();
    const cool = () => {
      if (!due.current) {
        timer.current = undefined;
        return;
      }
      due.current = false;
      refresh();
      timer.current = setTimeout(cool, LIVE_REFRESH_MS);
    };
    timer.current = setTimeout(cool, LIVE_REFRESH_MS);
  });
}
