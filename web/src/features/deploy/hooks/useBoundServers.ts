import { projectRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/**
 * The servers a project deploys to (GET /project/getBindServerList): the choice of a grey deploy,
 * the names in a deploy's log. `quiet` when a failure only costs the names.
 */
export function useBoundServers(projectId: number, enabled: boolean, quiet = false) {
  return useQuery({
    queryKey: ['project', 'boundServers', projectId] as const,
    queryFn: ({ signal }) =>
      call(projectRoutes.getBindServerList, { id: projectId }, { signal, silent: quiet }),
    select: (data) => data.list,
    enabled,
  });
}
