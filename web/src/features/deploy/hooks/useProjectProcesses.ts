import { Code, projectProcessRoutes, type RouteInput } from '@ferry/contract/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';

const processesKey = (projectId: number) => ['deploy', 'processes', projectId] as const;

/** One page of a project's processes, newest first (GET /project/getProcessList). */
export function useProjectProcesses(projectId: number, page = { page: 1, rows: 1000 }) {
  return useQuery({
    queryKey: [...processesKey(projectId), page] as const,
    queryFn: ({ signal }) =>
      call(projectProcessRoutes.getProcessList, { projectId, ...page }, { signal }),
    placeholderData: keepPreviousData,
    enabled: projectId > 0,
  });
}

/**
 * Adds, edits and deletes a project's processes, then reloads its list; a field error or a taken
 * name is left to the form.
 */
export function useProjectProcessMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: processesKey(projectId) });
  const silent = [Code.illegalParam, 'process_exists'];
  const add = useMutation({
    mutationFn: (input: Omit<RouteInput<typeof projectProcessRoutes.addProcess>, 'projectId'>) =>
      call(projectProcessRoutes.addProcess, { ...input, projectId }, { silent }),
    onSuccess: reload,
  });
  const edit = useMutation({
    mutationFn: (input: RouteInput<typeof projectProcessRoutes.editProcess>) =>
      call(projectProcessRoutes.editProcess, input, { silent }),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(projectProcessRoutes.deleteProcess, { id }),
    onSuccess: reload,
  });
  return { add, edit, remove };
}
