import { namespaceRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { session } from '../../../auth/session';

/** The namespaces the member belongs to (the switcher's list, shared with it). */
export function useMyNamespaces() {
  return useQuery({
    queryKey: ['namespace', 'option'],
    queryFn: ({ signal }) => call(namespaceRoutes.getNamespaceOption, {}, { signal }),
    placeholderData: { list: session.namespaceList(), preferredNamespaceId: 0 },
    select: ({ list }) => list,
  });
}
