import { namespaceRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../call';

/** The members of the current namespace (GET /namespace/getUserOption), for pickers and names. */
export function useMemberOptions() {
  return useQuery({
    queryKey: ['namespace', 'userOption'] as const,
    queryFn: ({ signal }) =>
      call(namespaceRoutes.getNamespaceUserOption, {}, { signal, silent: true }),
    select: (data) => data.list,
  });
}
