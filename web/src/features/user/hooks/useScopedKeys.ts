import { apiKeyRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const scopedKeysKey = ['user', 'scopedKeys'] as const;

/** GET /user/getApiKeyList: the member's scoped API keys, newest first. */
export function useScopedKeys() {
  return useQuery({
    queryKey: scopedKeysKey,
    queryFn: ({ signal }) => call(apiKeyRoutes.getApiKeyList, {}, { signal, silent: 'toast' }),
    select: ({ list }) => list,
  });
}
