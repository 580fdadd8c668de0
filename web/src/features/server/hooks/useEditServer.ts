import { Code, serverRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { serversKey } from './useServers';

/** PUT /server/edit (empty secrets keep the stored ones); field errors are shown on the form. */
export function useEditServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof serverRoutes.edit>) =>
      call(serverRoutes.edit, input, { silent: [Code.illegalParam] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
