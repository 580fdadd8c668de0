import { Code, serverRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { CheckInput } from '../utils/ServerRow';
import { serversKey } from './useServers';

/**
 * POST /server/check: a connection test, which may take seconds. Its failures (an `ssh_*`
 * reason, a refused field, a server gone) are shown where the test was asked for, not as a
 * toast. A stored server's check refreshes the list: it records the check and what it learned.
 */
export function useCheckServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInput) =>
      call(serverRoutes.check, input, { silent: [Code.deny, Code.error, Code.illegalParam] }),
    onSettled: (_data, _error, input) =>
      input.id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
