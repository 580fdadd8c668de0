import { apiKeyRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { scopedKeysKey } from './useScopedKeys';

/** Revokes one of the member's scoped keys: it stops working at once. */
export function useRevokeScopedKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(apiKeyRoutes.revokeApiKey, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopedKeysKey }),
  });
}
