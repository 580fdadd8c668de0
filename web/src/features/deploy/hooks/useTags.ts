import { repositoryRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** The 50 newest tags of a project's repository, each with its commit. */
export function useTags(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['repository', 'tags', projectId] as const,
    queryFn: ({ signal }) =>
      call(repositoryRoutes.getTagList, { id: projectId }, { signal, silent: true }),
    select: (data) => data.list,
    enabled,
    staleTime: 0,
  });
}
