import { apiKeyRoutes, Code, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { scopedKeysKey } from './useScopedKeys';

/** Makes a scoped key; the answer holds the key, shown once. A field error is the form's. */
export function useAddScopedKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof apiKeyRoutes.addApiKey>) =>
      call(apiKeyRoutes.addApiKey, input, { silent: [Code.illegalParam] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopedKeysKey }),
  });
}
