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
 * …and soon after a shown server reports (reports close together ask once); the first servers
 * shown are watched (a socket holds 100 subscriptions), the others wait for the minute.
 */
const AFTER_REPORT_MS = 1_000;
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

/** Reads `queryKey` again shortly after one of `watched` reports (hub frame 16). */
function useLiveRefresh(watched: readonly number[], queryKey: readonly unknown[]) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const topics = watched.map(metricsTopic).join(' ');
  useEffect(() => {
    const stops = topics ? topics.split(' ').map(watchHubToken) : [];
    return () => stops.forEach((stop) => stop());
  }, [topics]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useHubFrame(HubType.serverMetrics, (raw) => {
    const message = asMetricsMessage(raw);
    if (!message || !watched.includes(message.serverId)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void client.invalidateQueries({ queryKey, exact: true }),
      AFTER_REPORT_MS,
    );
  });
}
