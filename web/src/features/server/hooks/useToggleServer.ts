import { serverRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { serversKey } from './useServers';

/** PUT /server/toggle: enables or disables a server (disabling ends its connections). */
export function useToggleServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof serverRoutes.toggle>) => call(serverRoutes.toggle, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
