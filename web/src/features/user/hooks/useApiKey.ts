import { userRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const apiKeyKey = ['user', 'apiKey'] as const;

/** The user's API key ('' when none was generated yet). */
export function useApiKey() {
  return useQuery({
    queryKey: apiKeyKey,
    queryFn: ({ signal }) => call(userRoutes.getApiKey, {}, { signal }),
    staleTime: Infinity,
  });
}
