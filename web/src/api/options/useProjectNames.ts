import { deployRoutes, Perm, projectRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePermission } from '../../auth/usePermission';
import { call } from '../call';

/** A project one may see, to pick in a filter. */
export interface ProjectOption {
  id: number;
  name: string;
}

/**
 * The projects one may see, by name, to choose from in a filter: those of the deploy page, else
 * of the project page; none while unknown or when the role opens neither page.
 */
export function useProjectOptions(): readonly ProjectOption[] | undefined {
  const mayDeploy = usePermission([Perm.ShowDeployPage]);
  const mayList = usePermission([Perm.ShowProjectPage]);
  const projects = useQuery({
    queryKey: ['options', 'projects', mayDeploy] as const,
    queryFn: async ({ signal }) => {
      const answer = mayDeploy
        ? await call(deployRoutes.getList, {}, { signal, silent: true })
        : await call(projectRoutes.getList, {}, { signal, silent: true });
      return answer.list.map((p) => ({ id: p.id, name: p.name }));
    },
    enabled: mayDeploy || mayList,
  });
  return useMemo(
    () => projects.data?.toSorted((a, b) => a.name.localeCompare(b.name)),
    [projects.data],
  );
}

/** The names of the projects one may see (see `useProjectOptions`), each once. */
export function useProjectNames(): readonly string[] | undefined {
  const projects = useProjectOptions();
  return useMemo(
    () => (projects ? [...new Set(projects.map((p) => p.name))] : undefined),
    [projects],
  );
}
