import { useQuery } from '@tanstack/react-query';
import { fileCompareRoutes } from '@ferry/contract/client';
import { call } from '../../../api/call';

/** The time a compare may take: every bound server is read over SFTP. */
const COMPARE_TIMEOUT_MS = 120_000;

/** How file `filePath` of the working copy stands on every server of the project. */
export function useFileCompare(projectId: number, filePath: string | undefined) {
  return useQuery({
    queryKey: ['repository', 'fileCompare', projectId, filePath] as const,
    queryFn: ({ signal }) =>
      call(
        fileCompareRoutes.fileCompare,
        { projectId, filePath: filePath ?? '' },
        { signal, silent: 'toast', timeoutMs: COMPARE_TIMEOUT_MS },
      ),
    enabled: filePath !== undefined,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Both texts of a file for its diff: the working copy's and server `serverId`'s. */
export function useFileDiff(projectId: number, serverId: number | undefined, filePath: string) {
  return useQuery({
    queryKey: ['repository', 'fileDiff', projectId, serverId, filePath] as const,
    queryFn: ({ signal }) =>
      call(
        fileCompareRoutes.fileDiff,
        { projectId, serverId: serverId ?? 0, filePath },
        { signal, silent: 'toast', timeoutMs: COMPARE_TIMEOUT_MS },
      ),
    enabled: serverId !== undefined,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
