import { projectRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const projectsKey = ['project', 'list'] as const;
export const labelsKey = ['project', 'labels'] as const;

/**
 * The projects the user may see (GET /project/getList): every project of the namespace with
 * GetAllProjectList, else those the user is a member of. The whole list comes at once; the page
 * filters it.
 */
export function useProjects() {
  return useQuery({
    queryKey: projectsKey,
    queryFn: ({ signal }) => call(projectRoutes.getList, {}, { signal, silent: 'toast' }),
    select: (data) => data.list,
  });
}
