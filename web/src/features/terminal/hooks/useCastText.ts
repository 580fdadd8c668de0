import { useQuery } from '@tanstack/react-query';
import { fetchLinked } from '../../../api/fetchLinked';
import { session } from '../../../auth/session';
import { readCast } from '../utils/readCast';
import { recordUrl } from '../utils/recordUrl';

function fetchCast(recordId: number, signal: AbortSignal): Promise<string> {
  return fetchLinked(
    recordUrl(recordId, session.identity().id),
    signal,
    (res) => res.text(),
    readCast,
  );
}

/**
 * The recording of a terminal session as text (asciicast v2), fetched once per opening of the
 * replay dialog and not kept afterwards: recordings can be large.
 */
export function useCastText(recordId: number | undefined) {
  return useQuery({
    queryKey: ['log', 'terminalLog', 'record', recordId] as const,
    queryFn: ({ signal }) => fetchCast(recordId ?? 0, signal),
    enabled: recordId !== undefined,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
}
