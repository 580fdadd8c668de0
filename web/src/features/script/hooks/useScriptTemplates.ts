import { Code, scriptTemplateRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';

const templatesKey = (type: number) => ['script', 'templates', type] as const;

/** The namespace's saved scripts of one type, newest first (GET /template/getOption). */
export function useScriptTemplates(type = 1) {
  return useQuery({
    queryKey: templatesKey(type),
    queryFn: ({ signal }) =>
      call(scriptTemplateRoutes.getOption, { type }, { signal, silent: 'toast' }),
    select: (data) => data.list,
  });
}

/**
 * Saves, edits and removes saved scripts, then reloads the list; a field error or a taken name
 * is left to the form.
 */
export function useScriptTemplateMutations(type = 1) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: templatesKey(type) });
  const silent = [Code.illegalParam, 'template_exists'];
  const add = useMutation({
    mutationFn: (input: RouteInput<typeof scriptTemplateRoutes.add>) =>
      call(scriptTemplateRoutes.add, input, { silent }),
    onSuccess: reload,
  });
  const edit = useMutation({
    mutationFn: (input: RouteInput<typeof scriptTemplateRoutes.edit>) =>
      call(scriptTemplateRoutes.edit, input, { silent }),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(scriptTemplateRoutes.remove, { id }),
    onSuccess: reload,
  });
  return { add, edit, remove };
}
