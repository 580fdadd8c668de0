import { notificationRoutes } from '@ferry/contract/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { DeliveryFilter } from '../utils/deliveryRow';

const DELIVERY_KEY = ['notification', 'delivery'] as const;

/** One page of messages, newest first; the last page stays on screen while the next one loads. */
export function useDeliveries(query: DeliveryFilter & { page: number; rows: number }) {
  return useQuery({
    queryKey: [...DELIVERY_KEY, 'list', query] as const,
    queryFn: ({ signal }) =>
      call(notificationRoutes.getDeliveryList, query, { signal, silent: 'toast' }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
  });
}

/** How many messages match the filter. */
export function useDeliveryTotal(filter: DeliveryFilter) {
  return useQuery({
    queryKey: [...DELIVERY_KEY, 'total', filter] as const,
    queryFn: ({ signal }) =>
      call(notificationRoutes.getDeliveryTotal, filter, { signal, silent: 'toast' }),
    select: (data) => data.total,
    placeholderData: keepPreviousData,
  });
}

/** Every try of one message; while it waits for another try, asked again every few seconds. */
export function useDeliveryAttempts(id: number | undefined, pending: boolean) {
  return useQuery({
    queryKey: [...DELIVERY_KEY, 'attempts', id] as const,
    queryFn: ({ signal }) =>
      call(notificationRoutes.getDeliveryAttempts, { id: id ?? 0 }, { signal, silent: 'toast' }),
    select: (data) => data.list,
    enabled: id !== undefined,
    refetchInterval: pending ? 5000 : false,
  });
}

/** Queues a copy of a message with fresh tries; the log then shows it. */
export function useResend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(notificationRoutes.resend, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: DELIVERY_KEY }),
  });
}
