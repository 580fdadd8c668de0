import { webhookRoutes } from '@ferry/contract/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { projectsKey } from './useProjects';

/** One page of a project's webhook deliveries, newest first, while `open`. */
export function useWebhookDeliveries(id: number, page: number, rows: number, open: boolean) {
  return useQuery({
    queryKey: ['project', 'webhookDeliveries', id, page, rows] as const,
    queryFn: ({ signal }) =>
      call(webhookRoutes.getWebhookDeliveryList, { id, page, rows }, { signal, silent: 'toast' }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
}

/** PUT /project/resetWebhookSecret: a new secret, answered this once. */
export function useResetWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(webhookRoutes.resetWebhookSecret, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey }),
  });
}
