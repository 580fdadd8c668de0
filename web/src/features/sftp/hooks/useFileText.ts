import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { sftpRoutes } from '@ferry/contract/client';

/**
 * The text of a remote file with what an edit sends back (`size`, `mtime`, `encoding`). Read
 * afresh each time a preview or the editor opens it; the red toast is left to the caller, which
 * shows a file that is not text as a state of its own.
 */
export function useFileText(serverId: number, file: string | undefined) {
  return useQuery({
    queryKey: ['sftp', 'readFile', serverId, file] as const,
    queryFn: ({ signal }) =>
      call(sftpRoutes.readFile, { serverId, file: file ?? '/' }, { signal, silent: 'toast' }),
    enabled: file !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
