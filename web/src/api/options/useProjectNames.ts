import { deployRoutes, Perm, projectRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePermission } from '../../auth/usePermission';
import { call } from '../call';

/**
 * The names of the projects one may see, to choose from in a filter: those of the deploy page,
 * else of the project page; none while unknown or when the role opens neither page.
 */
export function useProjectNames(): readonly string[] | undefined {
  const mayDeploy = usePermission([Perm.ShowDeployPage]);
  const mayList = usePermission([Perm.ShowProjectPage]);
  const projects = useQuery({
    queryKey: ['options', 'projectNames', mayDeploy] as const,
    queryFn: async ({ signal }) => {
      const answer = mayDeploy
        ? await call(deployRoutes.getList, {}, { signal, silent: true })
        : await call(projectRoutes.getList, {}, { signal, silent: true });
      return answer.list.map((p) => p.name);
    },
    enabled: mayDeploy || mayList,
  });
  return useMemo(
    () =>
      projects.data ? [...new Set(projects.data)].sort((a, b) => a.localeCompare(b)) : undefined,
    [projects.data],
  );
}
