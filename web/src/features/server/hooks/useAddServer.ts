import { Code, serverRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { ServerInput } from '../utils/ServerRow';
import { serversKey } from './useServers';

/** POST /server/add; field errors are shown on the form. */
export function useAddServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServerInput) =>
      call(serverRoutes.add, input, { silent: [Code.illegalParam] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
