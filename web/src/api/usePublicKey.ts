import { Code, serverRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from './call';

/** The console's public key (GET /server/getPublicKey), fetched when a dialog first needs it. */
export function usePublicKey(enabled = true) {
  return useQuery({
    queryKey: ['server', 'publicKey'],
    queryFn: ({ signal }) =>
      call(serverRoutes.getPublicKey, {}, { signal, silent: [Code.deny, Code.error] }),
    select: (data) => data.key,
    enabled,
    staleTime: Infinity,
  });
}
