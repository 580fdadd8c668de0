import { userRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { apiKeyKey } from './useApiKey';

/** Makes a new API key; the old one stops working at once. */
export function useGenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(userRoutes.generateApiKey, {}),
    onSuccess: (key) => queryClient.setQueryData(apiKeyKey, key),
  });
}
