import { repositoryRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/**
 * The newest commit of `origin/<branch>`, to show what a deploy will take. Asked afresh at each
 * opening: the branch list fetches the origin (as goploy's clients do before reading commits), then
 * the commit list reads the fetched branch. A failure is shown in the dialog.
 */
export function useHeadCommit(projectId: number, branch: string, enabled: boolean) {
  return useQuery({
    queryKey: ['repository', 'head', projectId, branch] as const,
    queryFn: async ({ signal }) => {
      await call(repositoryRoutes.getBranchList, { id: projectId }, { signal, silent: true });
      return call(
        repositoryRoutes.getCommitList,
        { id: projectId, branch: `origin/${branch}` },
        { signal, silent: true },
      );
    },
    select: (data) => data.list[0] ?? null,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
