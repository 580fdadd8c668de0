import { cronRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** Copies a job to other servers; each server answers on its own (its new job or why not). */
export function useCronBind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; serverIds: number[] }) => call(cronRoutes.bind, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cron'] }),
  });
}
