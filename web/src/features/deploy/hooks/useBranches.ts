import { repositoryRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** The remote branches of a project, newest first (`origin/main`); the server fetches first. */
export function useBranches(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['repository', 'branches', projectId] as const,
    queryFn: ({ signal }) =>
      call(repositoryRoutes.getBranchList, { id: projectId }, { signal, silent: true }),
    select: (data) => data.list,
    enabled,
    staleTime: 0,
  });
}
