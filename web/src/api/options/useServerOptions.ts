import { serverRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../call';

/** The enabled servers of the namespace and the shared ones (GET /server/getOption). */
export function useServerOptions() {
  return useQuery({
    queryKey: ['server', 'option'] as const,
    queryFn: ({ signal }) => call(serverRoutes.getOption, {}, { signal }),
    select: (data) => data.list,
  });
}
