import { directoryMappingRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** Every cache entry of the sign-in settings starts with this. */
export const directoryMappingsKey = ['system', 'directoryMappings'] as const;

/** GET /system/getDirectoryMappings: the group mappings and whether LDAP sign-in is on. */
export function useDirectoryMappings() {
  return useQuery({
    queryKey: directoryMappingsKey,
    queryFn: ({ signal }) =>
      call(directoryMappingRoutes.getDirectoryMappings, {}, { signal, silent: true }),
  });
}
