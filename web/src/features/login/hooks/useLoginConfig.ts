import { authRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** What the server offers at login (captcha on or off); a failure leaves the defaults. */
export function useLoginConfig() {
  return useQuery({
    queryKey: ['user', 'loginConfig'],
    queryFn: ({ signal }) => call(authRoutes.getConfig, {}, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
}
