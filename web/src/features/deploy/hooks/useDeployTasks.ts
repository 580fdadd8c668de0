import { taskRoutes, type RouteInput } from '@ferry/contract/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';

const tasksKey = (projectId: number) => ['deploy', 'tasks', projectId] as const;

/** One page of a project's scheduled deploys, newest first. */
export function useDeployTasks(projectId: number, page: { page: number; rows: number }) {
  return useQuery({
    queryKey: [...tasksKey(projectId), page] as const,
    queryFn: ({ signal }) => call(taskRoutes.getTaskList, { id: projectId, ...page }, { signal }),
    placeholderData: keepPreviousData,
    enabled: projectId > 0,
    staleTime: 0,
  });
}

/** Adds and removes a project's scheduled deploys, then reloads its list. */
export function useTaskMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: tasksKey(projectId) });
  const add = useMutation({
    mutationFn: (input: RouteInput<typeof taskRoutes.addTask>) => call(taskRoutes.addTask, input),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(taskRoutes.removeTask, { id }),
    onSuccess: reload,
  });
  return { add, remove };
}
