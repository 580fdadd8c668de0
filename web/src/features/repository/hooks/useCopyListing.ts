import { useQuery } from '@tanstack/react-query';
import { repositoryRoutes, type RepositoryEntry } from '@ferry/contract/client';
import { call } from '../../../api/call';

/** The two listings of a working copy: the browser's (85) and file compare's (67). */
export type ListingRoute = 'browse' | 'compare';

/** Refusals shown as states of the listing itself, not as a toast. */
const QUIET = ['working_copy_missing', 'path_outside_working_copy', 'file_missing'];

async function listCopy(
  via: ListingRoute,
  id: number,
  dir: string,
  signal: AbortSignal,
): Promise<RepositoryEntry[]> {
  if (via === 'compare') {
    return call(repositoryRoutes.getReposFileList, { id, path: dir }, { signal, silent: QUIET });
  }
  const { list } = await call(repositoryRoutes.getFileList, { id, dir }, { signal, silent: QUIET });
  return list;
}

/** Directory `dir` of a project's working copy, directories first as the server orders them. */
export function useCopyListing(via: ListingRoute, projectId: number | undefined, dir: string) {
  return useQuery({
    queryKey: ['repository', via, projectId, dir] as const,
    queryFn: ({ signal }) => listCopy(via, projectId ?? 0, dir, signal),
    enabled: projectId !== undefined,
    retry: false,
    staleTime: 0,
  });
}
