import { Code, directoryMappingRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { directoryMappingsKey } from './useDirectoryMappings';

export type MappingInput = RouteInput<typeof directoryMappingRoutes.addDirectoryMapping>;

/**
 * Adds a mapping, or edits the one `id` names; a field error or a mapping that exists already is
 * shown by the form.
 */
export function useSaveMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: MappingInput & { id?: number }) => {
      const silent = [Code.illegalParam, 'mapping_exists'];
      return id === undefined
        ? call(directoryMappingRoutes.addDirectoryMapping, input, { silent })
        : call(directoryMappingRoutes.editDirectoryMapping, { id, ...input }, { silent });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryMappingsKey }),
  });
}
