import { useQuery } from '@tanstack/react-query';
import { fetchLinked } from '../../../api/fetchLinked';
import { session } from '../../../auth/session';
import { readCopyText } from '../utils/readCopyText';
import { copyFileUrl } from '../utils/repositoryUrls';

function fetchText(projectId: number, file: string, signal: AbortSignal): Promise<string> {
  return fetchLinked(
    copyFileUrl('preview', projectId, file, session.identity().id),
    signal,
    async (res) => ({
      contentType: res.headers.get('content-type') ?? '',
      bytes: new Uint8Array(await res.arrayBuffer()),
    }),
    readCopyText,
  );
}

/** The text of a working-copy file for its preview, read afresh at each opening. */
export function useCopyText(projectId: number, file: string) {
  return useQuery({
    queryKey: ['repository', 'text', projectId, file] as const,
    queryFn: ({ signal }) => fetchText(projectId, file, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
