import { deployRoutes } from '@ferry/contract/client';
import { useQueries } from '@tanstack/react-query';
import { call } from '../../../api/call';

export interface ProjectChoice {
  id: number;
  name: string;
  namespaceId: number;
}

/** The projects the member may deploy in each of `namespaceIds`, for a key's project list. */
export function useProjectsIn(namespaceIds: readonly number[]) {
  return useQueries({
    queries: namespaceIds.map((namespaceId) => ({
      queryKey: ['user', 'keyProjects', namespaceId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(deployRoutes.getList, {}, { signal, namespaceId, silent: true }),
    })),
    combine: (results) => ({
      loading: results.some((r) => r.isPending),
      projects: results.flatMap((r, i): ProjectChoice[] =>
        (r.data?.list ?? []).map((p) => ({
          id: p.id,
          name: p.name,
          namespaceId: namespaceIds[i]!,
        })),
      ),
    }),
  });
}
