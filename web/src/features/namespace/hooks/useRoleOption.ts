import { roleRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { roleKey } from './useRoleList';

/** GET /role/getOption: the roles a member can be given. */
export function useRoleOption() {
  return useQuery({
    queryKey: [...roleKey, 'option'] as const,
    queryFn: ({ signal }) => call(roleRoutes.getRoleOption, {}, { silent: true, signal }),
    select: ({ list }) => list,
  });
}
