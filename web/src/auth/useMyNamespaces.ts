import { namespaceRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { session } from './session';

/**
 * GET /namespace/getOption: the namespaces the member belongs to, with their role in each; the
 * namespace switcher's list and every form that picks among them share it.
 */
export function useMyNamespaces() {
  return useQuery({
    queryKey: ['namespace', 'option'],
    queryFn: ({ signal }) => call(namespaceRoutes.getNamespaceOption, {}, { signal }),
    placeholderData: { list: session.namespaceList(), preferredNamespaceId: 0 },
    select: ({ list }) => list,
  });
}
