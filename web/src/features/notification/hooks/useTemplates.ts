import { notificationRoutes } from '@ferry/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';

const TEMPLATES_KEY = ['notification', 'templates'] as const;

/** The namespace's nine templates. */
export function useTemplates() {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: ({ signal }) => call(notificationRoutes.getList, {}, { signal, silent: 'toast' }),
    select: (data) => data.list,
  });
}

/** Saves a template's title and text. */
export function useEditTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; title: string; template: string }) =>
      call(notificationRoutes.edit, input),
    onSettled: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

/** Puts a template back to its default; answers the template as it now is. */
export function useResetTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(notificationRoutes.reset, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}
