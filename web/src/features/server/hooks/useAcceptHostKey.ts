import { serverRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { serversKey } from './useServers';

/** POST /server/acceptHostKey: trusts the key the server (or its jump host) presented last. */
export function useAcceptHostKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(serverRoutes.acceptHostKey, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
