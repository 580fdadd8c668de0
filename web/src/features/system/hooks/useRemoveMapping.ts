import { directoryMappingRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { directoryMappingsKey } from './useDirectoryMappings';

/** DELETE /system/removeDirectoryMapping; a refusal is toasted with its reason. */
export function useRemoveMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(directoryMappingRoutes.removeDirectoryMapping, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryMappingsKey }),
  });
}
