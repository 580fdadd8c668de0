import { namespaceRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** Every cache entry of this feature's namespace data starts with this (the switcher's too). */
export const namespaceKey = ['namespace'] as const;
export const namespaceListKey = [...namespaceKey, 'list'] as const;

/** GET /namespace/getList: every namespace for a super manager, else the user's own. */
export function useNamespaceList() {
  return useQuery({
    queryKey: namespaceListKey,
    queryFn: ({ signal }) => call(namespaceRoutes.getNamespaceList, {}, { silent: true, signal }),
  });
}
