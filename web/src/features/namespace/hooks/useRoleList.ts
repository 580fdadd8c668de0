import { roleRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** Every cache entry of role data starts with this. */
export const roleKey = ['role'] as const;

/** GET /role/getList. */
export function useRoleList() {
  return useQuery({
    queryKey: [...roleKey, 'list'] as const,
    queryFn: ({ signal }) => call(roleRoutes.getRoleList, {}, { silent: true, signal }),
  });
}
