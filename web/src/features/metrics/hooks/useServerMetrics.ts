import { HubType, metricsRoutes, type MetricRange } from '@ferry/contract/client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../api/call';
import { watchHubToken } from '../../../api/hub/hubSubscriptions';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { appendSamples, asMetricsMessage } from '../utils/appendSamples';
import type { MetricsView } from '../utils/MetricsView';
import { metricsKey } from './metricsKeys';

/** The hub topic of a server's new samples. */
export const metricsTopic = (serverId: number) => `metrics:${serverId}`;

/** Roll-up ranges read again this often: their buckets fill slowly. */
const ROLLUP_REFRESH_MS = 5 * 60_000;

/**
 * The charts of one range. Raw ranges take each new sample from the hub (frame 16 on
 * `metrics:<serverId>`, watched while the page is open); roll-up ranges reload every few minutes.
 * The last range stays shown while the next loads.
 */
export function useServerMetrics(serverId: number, range: MetricRange) {
  const client = useQueryClient();
  const queryKey = [...metricsKey(serverId), 'charts', range] as const;
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<MetricsView> => {
      const data = await call(
        metricsRoutes.getMetrics,
        { serverId, range },
        { signal, silent: 'toast' },
      );
      return { ...data, range };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: (q) => (q.state.data?.source === 'raw' ? false : ROLLUP_REFRESH_MS),
  });

  useEffect(() => watchHubToken(metricsTopic(serverId)), [serverId]);
  useHubFrame(HubType.serverMetrics, (raw) => {
    const message = asMetricsMessage(raw);
    if (message?.serverId !== serverId) return;
    client.setQueryData<MetricsView>(queryKey, (view) => view && appendSamples(view, message));
    // The collection's state changed (reachable again, or not): the header reads it anew.
    const sourceKey = [...metricsKey(serverId), 'source'];
    const known = client.getQueryData<{ state?: string }>(sourceKey)?.state;
    if (known !== undefined && known !== message.state) {
      void client.invalidateQueries({ queryKey: sourceKey });
    }
  });
  return query;
}
