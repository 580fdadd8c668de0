import { serverRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { boundProjectsKey } from './useBoundProjects';

/** DELETE /server/unbindProject: the project no longer deploys to this server. */
export function useUnbindProject(serverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bindingId: number) => call(serverRoutes.unbindProject, { ids: [bindingId] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boundProjectsKey(serverId) }),
  });
}
