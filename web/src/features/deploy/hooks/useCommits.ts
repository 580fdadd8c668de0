import { repositoryRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** The last 50 commits of a branch, with author, time, message, tag and diff stat. */
export function useCommits(projectId: number, branch: string | undefined) {
  return useQuery({
    queryKey: ['repository', 'commits', projectId, branch] as const,
    queryFn: ({ signal }) =>
      call(
        repositoryRoutes.getCommitList,
        { id: projectId, branch: branch ?? '' },
        { signal, silent: true },
      ),
    select: (data) => data.list,
    enabled: Boolean(branch),
    staleTime: 0,
  });
}
