import { Code, serverRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { serversKey } from './useServers';

/**
 * POST /server/installPublicKey: logs in once with the password (never stored), appends the
 * console key and switches the server to it. SSH failures are shown in the dialog.
 */
export function useInstallPublicKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof serverRoutes.installPublicKey>) =>
      call(serverRoutes.installPublicKey, input, { silent: [Code.error, Code.illegalParam] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
