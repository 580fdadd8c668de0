import { serverRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const boundProjectsKey = (serverId: number) =>
  ['server', 'boundProjects', serverId] as const;

/** The projects that deploy to a server (GET /server/getBindProjectList), while `enabled`. */
export function useBoundProjects(serverId: number, enabled: boolean) {
  return useQuery({
    queryKey: boundProjectsKey(serverId),
    queryFn: ({ signal }) => call(serverRoutes.getBindProjectList, { id: serverId }, { signal }),
    select: (data) => data.list,
    enabled: enabled && serverId > 0,
  });
}
